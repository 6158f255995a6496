// Public site: header, footer and the blocks every page shares (downloaded with every page).
// Page bodies: public-home.ts, public-services.ts, public-legal.ts, public-contact.ts (split so
// each page's text is downloaded with that page only).

export const publicSite = {
  brand: 'Sàn Dịch Vụ',
  tagline: 'Dịch vụ tận nhà, đặt là có',
  skipToContent: 'Chuyển đến nội dung chính',
  nav: {
    label: 'Điều hướng chính',
    home: 'Trang chủ',
    generalLabour: 'Lao động phổ thông',
    agriculture: 'Lao động nông nghiệp',
    medical: 'Dịch vụ y tế',
    contact: 'Liên hệ',
    privacy: 'Chính sách bảo mật',
    terms: 'Điều khoản sử dụng',
    login: 'Đăng nhập',
    loginHint: 'Đăng nhập dành cho quản trị viên',
    openMenu: 'Mở menu',
    closeMenu: 'Đóng menu',
    logoAlt: 'Sàn Dịch Vụ – về trang chủ',
  },
  footer: {
    about:
      'Sàn Dịch Vụ kết nối khách hàng với thợ và nhân viên y tế đã được xác minh: lao động phổ thông, lao động nông nghiệp và chăm sóc sức khỏe tại nhà.',
    contactHeading: 'Liên hệ',
    linksHeading: 'Liên kết',
    appHeading: 'Tải ứng dụng',
    email: 'Email',
    phone: 'Điện thoại',
    address: 'Địa chỉ',
    hours: 'Giờ làm việc',
    copyright: '© 2025 Sàn Dịch Vụ. Bảo lưu mọi quyền.',
  },
  contactDefaults: {
    email: 'hotro@sandichvu.vn',
    phone: '1900 6868',
    address: 'Tầng 8, 123 Nguyễn Huệ, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    hours: '8:00 – 22:00, Thứ Hai – Chủ Nhật',
  },
  badges: {
    appStore: 'Tải trên App Store',
    googlePlay: 'Tải trên Google Play',
    appStoreAlt: 'Tải ứng dụng Sàn Dịch Vụ trên App Store',
    googlePlayAlt: 'Tải ứng dụng Sàn Dịch Vụ trên Google Play',
    soon: 'Ứng dụng sắp có mặt trên cửa hàng',
  },
  notFound: {
    title: 'Không tìm thấy trang',
    heading: 'Không tìm thấy trang',
    text: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
    back: 'Về trang chủ',
  },
  maintenance: 'Hệ thống đang bảo trì. Một số chức năng có thể tạm thời gián đoạn, mong bạn thông cảm.',
} as const;
