// Home page content (docs/screens.md#home).

export const publicHome = {
  title: 'Trang chủ',
  heroHeading: 'Sàn Dịch Vụ – đặt thợ, đặt dịch vụ tận nhà chỉ trong vài phút',
  carousel: {
    label: 'Ưu đãi và dịch vụ nổi bật',
    previous: 'Ảnh trước',
    next: 'Ảnh tiếp theo',
    pause: 'Tạm dừng trình chiếu',
    play: 'Tiếp tục trình chiếu',
    slideLabel: (index: number, total: number) => `${index} / ${total}`,
    goTo: (index: number) => `Chuyển đến ảnh ${index}`,
    slides: [
      {
        image: '/banners/slide-1.svg',
        alt: 'Thợ điện sửa ổ cắm trong căn hộ, bên cạnh là điện thoại hiển thị ứng dụng Sàn Dịch Vụ',
        title: 'Đặt thợ nhanh trong 5 phút',
        text: 'Chọn dịch vụ, chọn giờ, xác nhận – thợ gần bạn nhận việc ngay.',
        cta: { to: '/lao-dong-pho-thong', label: 'Xem dịch vụ' },
      },
      {
        image: '/banners/slide-2.svg',
        alt: 'Bản đồ với vị trí của thợ đang di chuyển đến nhà khách hàng',
        title: 'Theo dõi trạng thái theo thời gian thực',
        text: 'Biết thợ đã nhận việc, đang đến hay đã hoàn thành ngay trên điện thoại.',
        cta: { to: '/contact', label: 'Tìm hiểu thêm' },
      },
      {
        image: '/banners/slide-3.svg',
        alt: 'Cánh đồng lúa với người lao động đang thu hoạch',
        title: 'Lao động nông nghiệp đúng mùa vụ',
        text: 'Cắt cỏ, bón phân, phun thuốc, trồng cây và thu hoạch theo gói giờ linh hoạt.',
        cta: { to: '/lao-dong-nong-nghiep', label: 'Xem gói nông nghiệp' },
      },
      {
        image: '/banners/slide-4.svg',
        alt: 'Nhân viên y tế lấy mẫu xét nghiệm tại nhà',
        title: 'Xét nghiệm và khám bệnh tại nhà',
        text: 'Lấy mẫu tận nơi, tư vấn với bác sĩ chuyên khoa, nhận thuốc theo đơn.',
        cta: { to: '/dich-vu-y-te', label: 'Xem dịch vụ y tế' },
      },
      {
        image: '/banners/slide-5.svg',
        alt: 'Phiếu giảm giá dành cho khách hàng đặt dịch vụ qua ứng dụng',
        title: 'Giảm đến 20% cho lần đặt đầu tiên',
        text: 'Nhập mã khuyến mãi trên ứng dụng khi đặt lịch để nhận ưu đãi.',
        cta: { to: '/contact', label: 'Nhận ưu đãi' },
      },
    ],
  },
  about: {
    heading: 'Về Sàn Dịch Vụ',
    paragraphs: [
      'Sàn Dịch Vụ là nền tảng kết nối khách hàng với những người thợ, người lao động nông nghiệp và nhân viên y tế đã được xác minh danh tính và tay nghề. Chúng tôi giúp việc tìm người làm trở nên đơn giản, minh bạch và an toàn.',
      'Mỗi đơn đặt lịch đều có giá rõ ràng trước khi xác nhận, trạng thái được cập nhật theo thời gian thực và đánh giá công khai sau khi hoàn thành, để bạn luôn chọn được người phù hợp nhất.',
    ],
    stats: [
      { value: '3', label: 'nhóm dịch vụ chính' },
      { value: '24/7', label: 'hỗ trợ khách hàng' },
      { value: '100%', label: 'nhà cung cấp được xác minh' },
    ],
  },
  services: {
    heading: 'Dịch vụ chính',
    intro: 'Ba nhóm dịch vụ phục vụ gia đình, nhà vườn và sức khỏe của bạn.',
    more: 'Xem chi tiết',
    cards: [
      {
        to: '/lao-dong-pho-thong',
        image: '/images/service-general.svg',
        alt: 'Biểu tượng dụng cụ sửa chữa nhà cửa',
        title: 'Lao động phổ thông',
        text: 'Dọn dẹp nhà cửa, sửa điện nước, sửa chữa nhà, chăm sóc người thân – theo gói 2, 3, 4 giờ hoặc cả ngày.',
      },
      {
        to: '/lao-dong-nong-nghiep',
        image: '/images/service-agriculture.svg',
        alt: 'Biểu tượng cây lúa và bình tưới',
        title: 'Lao động nông nghiệp',
        text: 'Cắt cỏ, bón phân, phun thuốc, trồng cây, thu hoạch và chăm sóc vườn với nhân công có kinh nghiệm.',
      },
      {
        to: '/dich-vu-y-te',
        image: '/images/service-medical.svg',
        alt: 'Biểu tượng chữ thập y tế và ống nghiệm',
        title: 'Dịch vụ y tế tại nhà',
        text: 'Xét nghiệm tại nhà, tư vấn khám bệnh với bác sĩ chuyên khoa và bán thuốc theo đơn.',
      },
    ],
  },
  benefits: {
    heading: 'Vì sao chọn Sàn Dịch Vụ',
    cards: [
      {
        icon: 'bolt',
        title: 'Đặt lịch nhanh chóng',
        text: 'Chỉ vài thao tác trên ứng dụng, hệ thống tìm ngay người làm phù hợp gần bạn.',
      },
      {
        icon: 'shield',
        title: 'Nhà cung cấp đã xác minh',
        text: 'Giấy tờ tùy thân và chứng chỉ nghề được kiểm tra trước khi nhận việc; đánh giá minh bạch sau mỗi đơn.',
      },
      {
        icon: 'tag',
        title: 'Giá rõ ràng, nhiều ưu đãi',
        text: 'Biết trước giá từng gói dịch vụ, không phụ phí bất ngờ, thường xuyên có mã khuyến mãi cho người dùng ứng dụng.',
      },
    ],
  },
  featuredBanner: {
    alt: 'Banner chương trình nổi bật của Sàn Dịch Vụ',
  },
  promotions: {
    heading: 'Khuyến mãi',
    intro: 'Ưu đãi dành riêng cho khách hàng đặt dịch vụ qua ứng dụng Sàn Dịch Vụ.',
    imageAlt: 'Banner voucher khuyến mãi của Sàn Dịch Vụ',
    items: [
      { title: 'Giảm 20% đơn đầu tiên', text: 'Áp dụng cho khách hàng mới với mọi gói lao động phổ thông.', code: 'CHAOBAN20' },
      { title: 'Giảm 50.000 ₫ gói xét nghiệm', text: 'Cho các gói xét nghiệm tại nhà từ 500.000 ₫ trở lên.', code: 'SUCKHOE50' },
      { title: 'Mùa vụ bội thu', text: 'Giảm 10% gói thu hoạch cả ngày trong mùa gặt.', code: 'MUAVU10' },
    ],
    codeLabel: 'Mã',
  },
  app: {
    heading: 'Tải ứng dụng Sàn Dịch Vụ',
    text: 'Đặt lịch, theo dõi trạng thái theo thời gian thực, nhắn tin với thợ và nhận ưu đãi – tất cả trong một ứng dụng.',
    points: ['Đặt lịch trong vài phút', 'Theo dõi thợ đang đến', 'Thanh toán tiền mặt hoặc chuyển khoản', 'Đánh giá sau khi hoàn thành'],
    imageAlt: 'Điện thoại hiển thị màn hình đặt lịch của ứng dụng Sàn Dịch Vụ',
  },
} as const;
