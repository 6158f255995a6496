// The three public service pages (docs/screens.md#service-pages). The live services and packages come from the
// catalogue in the database; this text introduces each page and is the reference price list shown
// when the catalogue cannot be reached.

export type ServiceAreaSlug = 'lao-dong-pho-thong' | 'lao-dong-nong-nghiep' | 'dich-vu-y-te';

export interface ServiceAreaContent {
  title: string;
  heading: string;
  intro: string;
  heroImage: string;
  heroAlt: string;
  services: { name: string; description: string }[];
  packageGroups: {
    heading: string;
    packages: { name: string; price: number; duration: string; description: string }[];
  }[];
  notes: string[];
}

const hourly = (label: string, prices: [number, number, number, number]) => [
  { name: 'Gói 2 giờ', price: prices[0], duration: '2 giờ', description: `${label} trong 2 giờ, phù hợp công việc nhỏ, gọn.` },
  { name: 'Gói 3 giờ', price: prices[1], duration: '3 giờ', description: `${label} trong 3 giờ cho căn hộ hoặc khu vườn vừa.` },
  { name: 'Gói 4 giờ', price: prices[2], duration: '4 giờ', description: `${label} trong 4 giờ, tiết kiệm hơn theo giờ.` },
  { name: 'Gói cả ngày', price: prices[3], duration: '8 giờ (cả ngày)', description: `${label} cả ngày, nghỉ trưa 1 giờ.` },
];

export const publicServices: Record<ServiceAreaSlug, ServiceAreaContent> = {
  'lao-dong-pho-thong': {
    title: 'Lao động phổ thông',
    heading: 'Dịch vụ lao động phổ thông',
    intro:
      'Người làm đã xác minh cho mọi việc trong nhà: dọn dẹp, sửa điện nước, sửa chữa nhỏ và chăm sóc người thân. Chọn gói theo giờ hoặc cả ngày, giá biết trước.',
    heroImage: '/images/service-general.svg',
    heroAlt: 'Biểu tượng dụng cụ sửa chữa nhà cửa',
    services: [
      { name: 'Dọn dẹp nhà cửa', description: 'Lau dọn, hút bụi, vệ sinh bếp và nhà tắm, giặt ủi theo yêu cầu.' },
      { name: 'Sửa chữa điện nước', description: 'Thay ổ cắm, bóng đèn, sửa rò rỉ, thông tắc đường ống.' },
      { name: 'Sửa chữa nhà cửa', description: 'Sơn sửa tường, lắp đặt kệ, sửa cửa và các hạng mục nhỏ.' },
      { name: 'Chăm sóc người', description: 'Chăm sóc người già, người bệnh, trông trẻ theo giờ.' },
    ],
    packageGroups: [{ heading: 'Gói theo giờ', packages: hourly('Một người làm', [200000, 280000, 360000, 650000]) }],
    notes: ['Giá đã bao gồm công; vật tư thay thế (nếu có) được báo trước và thanh toán riêng.'],
  },
  'lao-dong-nong-nghiep': {
    title: 'Lao động nông nghiệp',
    heading: 'Dịch vụ lao động nông nghiệp',
    intro:
      'Nhân công có kinh nghiệm cho ruộng vườn của bạn: cắt cỏ, bón phân, phun thuốc, trồng cây, thu hoạch và chăm sóc vườn, đặt theo gói giờ linh hoạt.',
    heroImage: '/images/service-agriculture.svg',
    heroAlt: 'Biểu tượng cây lúa và bình tưới',
    services: [
      { name: 'Cắt cỏ', description: 'Phát quang, cắt cỏ vườn, bờ ruộng bằng máy hoặc thủ công.' },
      { name: 'Bón phân', description: 'Bón phân đúng liều lượng, đúng thời điểm cho từng loại cây.' },
      { name: 'Phun thuốc', description: 'Phun thuốc bảo vệ thực vật với đồ bảo hộ đầy đủ.' },
      { name: 'Trồng cây', description: 'Làm đất, đào hố, trồng cây con và cây ăn quả.' },
      { name: 'Thu hoạch', description: 'Thu hoạch lúa, rau màu, trái cây và vận chuyển trong vườn.' },
      { name: 'Chăm sóc vườn', description: 'Tỉa cành, tưới nước, làm cỏ và vệ sinh vườn định kỳ.' },
    ],
    packageGroups: [{ heading: 'Gói theo giờ', packages: hourly('Một nhân công', [180000, 250000, 320000, 550000]) }],
    notes: ['Khách hàng chuẩn bị phân bón, thuốc và cây giống; nhân công mang dụng cụ cơ bản.'],
  },
  'dich-vu-y-te': {
    title: 'Dịch vụ y tế',
    heading: 'Dịch vụ y tế tại nhà',
    intro:
      'Xét nghiệm lấy mẫu tận nhà, tư vấn khám bệnh với bác sĩ chuyên khoa và bán thuốc theo đơn, do nhân viên y tế có chứng chỉ hành nghề thực hiện.',
    heroImage: '/images/service-medical.svg',
    heroAlt: 'Biểu tượng chữ thập y tế và ống nghiệm',
    services: [
      { name: 'Xét nghiệm tại nhà', description: 'Lấy mẫu máu, nước tiểu tại nhà; kết quả gửi qua ứng dụng.' },
      { name: 'Tư vấn khám bệnh', description: 'Bác sĩ chuyên khoa thăm khám và tư vấn tại nhà.' },
      { name: 'Bán thuốc theo đơn', description: 'Giao thuốc theo đơn của bác sĩ, dược sĩ hướng dẫn sử dụng.' },
    ],
    packageGroups: [
      {
        heading: 'Gói xét nghiệm',
        packages: [
          { name: 'Xét nghiệm chức năng gan', price: 350000, duration: 'Kết quả sau 24 giờ', description: 'AST, ALT, GGT, bilirubin, albumin.' },
          { name: 'Xét nghiệm thận – tiết niệu', price: 320000, duration: 'Kết quả sau 24 giờ', description: 'Ure, creatinin, acid uric, tổng phân tích nước tiểu.' },
          { name: 'Xét nghiệm đường huyết', price: 150000, duration: 'Kết quả sau 12 giờ', description: 'Glucose lúc đói và HbA1c.' },
          { name: 'Xét nghiệm tim mạch – mỡ máu', price: 400000, duration: 'Kết quả sau 24 giờ', description: 'Cholesterol, triglycerid, HDL, LDL.' },
          { name: 'Tầm soát ung thư', price: 1500000, duration: 'Kết quả sau 3 ngày', description: 'Các chỉ số dấu ấn ung thư phổ biến.' },
          { name: 'Xét nghiệm ký sinh trùng', price: 450000, duration: 'Kết quả sau 48 giờ', description: 'Giun sán, sán lá gan, toxocara.' },
          { name: 'Xét nghiệm dị ứng', price: 900000, duration: 'Kết quả sau 3 ngày', description: 'Bảng dị nguyên thức ăn và hô hấp.' },
          { name: 'Xét nghiệm ADN huyết thống', price: 3500000, duration: 'Kết quả sau 5 ngày', description: 'Xác định quan hệ huyết thống, bảo mật tuyệt đối.' },
          { name: 'Xét nghiệm máu tổng quát', price: 250000, duration: 'Kết quả sau 12 giờ', description: 'Công thức máu toàn phần.' },
        ],
      },
      {
        heading: 'Gói tư vấn khám bệnh',
        packages: [
          { name: 'Khám tim mạch', price: 500000, duration: '60 phút', description: 'Đo huyết áp, điện tim, tư vấn điều trị.' },
          { name: 'Khám tai mũi họng', price: 400000, duration: '45 phút', description: 'Nội soi, tư vấn điều trị viêm xoang, viêm họng.' },
          { name: 'Khám răng hàm mặt', price: 350000, duration: '45 phút', description: 'Kiểm tra răng miệng, tư vấn chỉnh nha và điều trị.' },
          { name: 'Khám thần kinh', price: 550000, duration: '60 phút', description: 'Đau đầu, mất ngủ, rối loạn tiền đình.' },
        ],
      },
    ],
    notes: ['Nhân viên y tế mang theo dụng cụ vô trùng dùng một lần. Thuốc chỉ được bán khi có đơn của bác sĩ.'],
  },
};

/** The service pages' headings and labels around the catalogue. */
export const serviceAreaPage = {
  servicesHeading: 'Dịch vụ',
  packagesHeading: 'Gói dịch vụ',
  price: 'Giá',
  duration: 'Thời lượng',
  jobDetails: 'Công việc bao gồm',
  fromPrice: (price: string) => `Từ ${price}`,
  bookCta: 'Đặt dịch vụ qua ứng dụng',
  offline: 'Đang hiển thị bảng giá tham khảo. Giá thực tế được xác nhận khi đặt lịch trên ứng dụng.',
  loading: 'Đang tải danh sách dịch vụ…',
} as const;
