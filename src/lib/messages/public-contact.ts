// The contact page's text (docs/screens.md#privacy-terms-and-contact); its e-mail, phone and
// address come from the settings, with the defaults of public-site.ts.

export const publicContact = {
  title: 'Liên hệ',
  heading: 'Liên hệ với chúng tôi',
  intro:
    'Bạn cần đặt dịch vụ, hỗ trợ đơn hàng hay muốn trở thành đối tác? Đội ngũ chăm sóc khách hàng của Sàn Dịch Vụ luôn sẵn sàng hỗ trợ.',
  emailTitle: 'Email',
  emailNote: 'Phản hồi trong vòng 2–4 giờ làm việc',
  phoneTitle: 'Điện thoại',
  phoneNote: 'Hỗ trợ khách hàng 24/7',
  addressTitle: 'Địa chỉ',
  addressNote: 'Văn phòng tiếp khách theo lịch hẹn',
  hoursTitle: 'Giờ làm việc',
  hoursNote: 'Tổng đài tư vấn: 8:00 – 22:00 tất cả các ngày',
  partnerHeading: 'Trở thành đối tác',
  partnerText:
    'Bạn là thợ lành nghề, nông dân giàu kinh nghiệm hay nhân viên y tế? Tải ứng dụng Sàn Dịch Vụ, đăng ký tài khoản nhà cung cấp và hoàn tất xác minh để bắt đầu nhận việc.',
} as const;
