// Privacy policy (11 sections) and terms of use (13 sections), docs/screens.md#privacy-terms-and-contact.
import { publicSite } from './public-site.ts';

/** Around the numbered sections of both documents. */
export const legalPage = {
  lastUpdated: (date: string) => `Cập nhật lần cuối: ${date}`,
  toc: 'Mục lục',
} as const;

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

/** The privacy page's contact paragraph with the e-mail and phone of the settings. */
export const privacyContact = (email: string, phone: string) =>
  `Mọi câu hỏi về quyền riêng tư, vui lòng gửi email đến ${email} hoặc gọi ${phone}. Chúng tôi phản hồi trong vòng 2–4 giờ làm việc.`;

export const privacyPolicy = {
  title: 'Chính sách bảo mật',
  heading: 'Chính sách bảo mật',
  intro:
    'Sàn Dịch Vụ tôn trọng và bảo vệ thông tin cá nhân của bạn. Chính sách này giải thích chúng tôi thu thập những gì, dùng vào việc gì và bạn có những quyền gì.',
  sections: [
    {
      heading: 'Thông tin chúng tôi thu thập',
      paragraphs: ['Khi bạn đăng ký và sử dụng dịch vụ, chúng tôi thu thập:'],
      items: [
        'Thông tin tài khoản: họ tên, email, số điện thoại, ảnh đại diện.',
        'Thông tin đặt lịch: địa chỉ làm việc, thời gian, gói dịch vụ, ghi chú của bạn.',
        'Với nhà cung cấp: giấy tờ tùy thân, chứng chỉ nghề, thông tin ký quỹ và thu nhập.',
        'Dữ liệu kỹ thuật: loại thiết bị, phiên bản ứng dụng, nhật ký đăng nhập.',
      ],
    },
    {
      heading: 'Mục đích sử dụng thông tin',
      paragraphs: [
        'Thông tin được dùng để tạo và quản lý tài khoản, kết nối bạn với nhà cung cấp phù hợp, xử lý thanh toán, chăm sóc khách hàng, ngăn chặn gian lận và cải thiện chất lượng dịch vụ.',
      ],
    },
    {
      heading: 'Chia sẻ thông tin',
      paragraphs: [
        'Chúng tôi chỉ chia sẻ với nhà cung cấp những thông tin cần thiết để thực hiện đơn (tên, số điện thoại, địa chỉ làm việc). Chúng tôi không bán thông tin cá nhân. Thông tin có thể được cung cấp cho cơ quan nhà nước có thẩm quyền khi pháp luật yêu cầu.',
      ],
    },
    {
      heading: 'Lưu trữ và bảo mật',
      paragraphs: [
        'Dữ liệu được lưu trên máy chủ có kiểm soát truy cập, mã hóa khi truyền tải; mật khẩu được băm một chiều. Mỗi người dùng chỉ truy cập được dữ liệu của chính mình, nhân viên vận hành chỉ truy cập khi cần xử lý công việc.',
      ],
    },
    {
      heading: 'Thời gian lưu trữ',
      paragraphs: [
        'Thông tin được lưu trong thời gian tài khoản còn hoạt động và tối đa 5 năm sau đó để phục vụ nghĩa vụ kế toán, giải quyết tranh chấp, trừ khi pháp luật quy định khác.',
      ],
    },
    {
      heading: 'Quyền của bạn',
      paragraphs: ['Bạn có quyền:'],
      items: [
        'Xem và chỉnh sửa thông tin cá nhân trong ứng dụng.',
        'Yêu cầu xóa tài khoản và dữ liệu liên quan.',
        'Rút lại sự đồng ý nhận thông tin khuyến mãi bất cứ lúc nào.',
        'Khiếu nại về việc xử lý dữ liệu cá nhân với chúng tôi hoặc cơ quan có thẩm quyền.',
      ],
    },
    {
      heading: 'Cookie và công nghệ tương tự',
      paragraphs: [
        'Trang web và ứng dụng dùng bộ nhớ cục bộ của trình duyệt để duy trì phiên đăng nhập. Chúng tôi không dùng cookie quảng cáo của bên thứ ba.',
      ],
    },
    {
      heading: 'Trẻ em',
      paragraphs: [
        'Dịch vụ không dành cho người dưới 13 tuổi. Chúng tôi không cố ý thu thập thông tin của trẻ em dưới 13 tuổi; nếu phát hiện, chúng tôi sẽ xóa thông tin đó.',
      ],
    },
    {
      heading: 'Một người một tài khoản',
      paragraphs: [
        'Mỗi người chỉ được đăng ký một tài khoản và chịu trách nhiệm giữ bí mật mật khẩu của mình. Hãy báo ngay cho chúng tôi nếu nghi ngờ tài khoản bị truy cập trái phép.',
      ],
    },
    {
      heading: 'Thay đổi chính sách',
      paragraphs: [
        'Chúng tôi có thể cập nhật chính sách này. Khi có thay đổi quan trọng, chúng tôi sẽ thông báo trong ứng dụng hoặc qua email trước khi áp dụng. Ngày cập nhật mới nhất được ghi ở đầu trang.',
      ],
    },
    {
      heading: 'Liên hệ',
      paragraphs: [
        // The privacy page shows it with the e-mail and phone of the settings, like the footer.
        privacyContact(publicSite.contactDefaults.email, publicSite.contactDefaults.phone),
      ],
    },
  ] satisfies LegalSection[],
} as const;

export const termsOfUse = {
  title: 'Điều khoản sử dụng',
  heading: 'Điều khoản sử dụng',
  intro:
    'Vui lòng đọc kỹ các điều khoản dưới đây trước khi sử dụng Sàn Dịch Vụ. Bằng việc tạo tài khoản hoặc đặt dịch vụ, bạn đồng ý với các điều khoản này.',
  sections: [
    {
      heading: 'Giới thiệu dịch vụ',
      paragraphs: [
        'Sàn Dịch Vụ là nền tảng trung gian kết nối khách hàng với nhà cung cấp dịch vụ lao động phổ thông, lao động nông nghiệp và y tế tại nhà. Nhà cung cấp là người trực tiếp thực hiện dịch vụ.',
      ],
    },
    {
      heading: 'Điều kiện sử dụng',
      paragraphs: [
        'Bạn phải đủ 18 tuổi trở lên. Người dưới 18 tuổi chỉ được sử dụng khi có sự đồng ý và giám sát của cha mẹ hoặc người giám hộ.',
      ],
    },
    {
      heading: 'Tài khoản',
      paragraphs: [
        'Bạn cung cấp thông tin chính xác khi đăng ký, giữ bí mật mật khẩu và chịu trách nhiệm về mọi hoạt động trên tài khoản của mình.',
      ],
    },
    {
      heading: 'Đặt lịch và xác nhận',
      paragraphs: [
        'Đơn đặt lịch được xác nhận khi nhà cung cấp nhận việc. Trạng thái đơn (chờ xác nhận, đã xác nhận, chờ hoàn thành, hoàn thành, đã hủy) được cập nhật trong ứng dụng.',
      ],
    },
    {
      heading: 'Giá và thanh toán',
      paragraphs: [
        'Giá của từng gói được hiển thị trước khi đặt. Bạn có thể thanh toán bằng tiền mặt hoặc chuyển khoản. Mã khuyến mãi được áp dụng theo điều kiện của từng chương trình.',
      ],
    },
    {
      heading: 'Hủy đơn và hoàn tiền',
      paragraphs: [
        'Bạn có thể hủy đơn trước khi nhà cung cấp bắt đầu công việc. Khoản tiền đủ điều kiện hoàn lại được xử lý trong 7–14 ngày làm việc.',
      ],
    },
    {
      heading: 'Trách nhiệm của khách hàng',
      paragraphs: [
        'Cung cấp địa chỉ và mô tả công việc chính xác, đảm bảo môi trường làm việc an toàn, thanh toán đầy đủ và đánh giá trung thực.',
      ],
    },
    {
      heading: 'Trách nhiệm của nhà cung cấp',
      paragraphs: [
        'Thực hiện công việc đúng mô tả, đúng giờ, có thái độ lịch sự; duy trì khoản ký quỹ tối thiểu theo quy định của sàn; không thu thêm phí ngoài thỏa thuận.',
      ],
    },
    {
      heading: 'Đánh giá và nội dung',
      paragraphs: [
        'Đánh giá phải phản ánh đúng trải nghiệm. Chúng tôi có quyền ẩn nội dung xúc phạm, sai sự thật hoặc vi phạm pháp luật.',
      ],
    },
    {
      heading: 'Hành vi bị cấm',
      paragraphs: ['Nghiêm cấm:'],
      items: [
        'Giả mạo danh tính hoặc tạo nhiều tài khoản.',
        'Giao dịch ngoài nền tảng để né phí.',
        'Truy cập trái phép, can thiệp vào hệ thống hoặc dữ liệu của người khác.',
        'Quấy rối, lừa đảo nhà cung cấp hoặc khách hàng.',
      ],
    },
    {
      heading: 'Giới hạn trách nhiệm',
      paragraphs: [
        'Trong phạm vi pháp luật cho phép, trách nhiệm của Sàn Dịch Vụ đối với mỗi khiếu nại không vượt quá tổng số tiền bạn đã thanh toán qua nền tảng trong 12 tháng gần nhất.',
      ],
    },
    {
      heading: 'Tạm ngưng và chấm dứt',
      paragraphs: [
        'Chúng tôi có thể tạm ngưng hoặc khóa tài khoản vi phạm điều khoản. Bạn có thể ngừng sử dụng và yêu cầu xóa tài khoản bất cứ lúc nào.',
      ],
    },
    {
      heading: 'Luật áp dụng và giải quyết tranh chấp',
      paragraphs: [
        'Điều khoản này tuân theo pháp luật Việt Nam. Tranh chấp được ưu tiên giải quyết bằng thương lượng; nếu không thành, sẽ được đưa ra tòa án có thẩm quyền tại TP. Hồ Chí Minh.',
      ],
    },
  ] satisfies LegalSection[],
} as const;
