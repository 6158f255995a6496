// What crawlers and link previews read about each public page (docs/screens.md#public-pages-head):
// the description of every page (each its own), the preview image's text, the names used in
// structured data. Kept apart from the pages' bodies so the shared layout carries no page text.

export const publicSeo = {
  siteName: 'Sàn Dịch Vụ',
  titles: {
    home: 'Trang chủ',
    'lao-dong-pho-thong': 'Lao động phổ thông',
    'lao-dong-nong-nghiep': 'Lao động nông nghiệp',
    'dich-vu-y-te': 'Dịch vụ y tế',
    privacy: 'Chính sách bảo mật',
    terms: 'Điều khoản sử dụng',
    contact: 'Liên hệ',
    notFound: 'Không tìm thấy trang',
  },
  descriptions: {
    home: 'Sàn Dịch Vụ kết nối bạn với thợ lao động phổ thông, nhân công nông nghiệp và nhân viên y tế đã xác minh: đặt lịch trong 5 phút, giá rõ ràng, nhiều ưu đãi.',
    'lao-dong-pho-thong':
      'Dọn dẹp nhà cửa, sửa điện nước, sửa chữa nhà và chăm sóc người theo giờ: bảng giá gói dịch vụ lao động phổ thông của Sàn Dịch Vụ, đặt thợ đã xác minh.',
    'lao-dong-nong-nghiep':
      'Cắt cỏ, bón phân, phun thuốc, trồng cây, thu hoạch và chăm sóc vườn: bảng giá gói nhân công nông nghiệp theo giờ trên Sàn Dịch Vụ.',
    'dich-vu-y-te':
      'Xét nghiệm lấy mẫu tại nhà, bác sĩ chuyên khoa tư vấn khám bệnh và giao thuốc theo đơn: bảng giá dịch vụ y tế tại nhà của Sàn Dịch Vụ.',
    privacy: 'Chính sách bảo mật của Sàn Dịch Vụ: dữ liệu cá nhân nào được thu thập, dùng vào việc gì, lưu bao lâu và quyền của bạn với dữ liệu đó.',
    terms: 'Điều khoản sử dụng Sàn Dịch Vụ: tài khoản, đặt lịch và hủy dịch vụ, thanh toán, trách nhiệm của khách hàng và nhà cung cấp.',
    contact: 'Liên hệ Sàn Dịch Vụ: email, số điện thoại tổng đài, địa chỉ văn phòng và giờ làm việc; đăng ký trở thành đối tác cung cấp dịch vụ.',
    notFound: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
  },
  imageAlt: 'Sàn Dịch Vụ – đặt thợ và dịch vụ tận nhà',
  breadcrumbHome: 'Trang chủ',
  organizationDescription: 'Sàn giao dịch dịch vụ tận nhà: lao động phổ thông, lao động nông nghiệp và dịch vụ y tế tại nhà.',
  areaServed: 'Việt Nam',
  openingHours: 'Mo-Su 08:00-22:00',
  adminTitle: 'Quản trị',
} as const;
