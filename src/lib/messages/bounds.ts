// Messages of the input contract (docs/product.md#input-rules): each names its field and its limit.
// Field names are written as a sentence starts ("Tên", "Giá"); money is formatted as VND.
import { formatNumber, formatVnd } from '@/lib/format/format.ts';
import type { NumberColumn, TextColumn } from '@/lib/input/input-bounds.ts';

export const bounds = {
  tooLong: (field: string, max: number) => `${field} tối đa ${formatNumber(max)} ký tự`,
  required: (field: string) => `${field} không được để trống`,
  moneyRange: (field: string, min: number, max: number) => `${field} phải từ ${formatVnd(min)} đến ${formatVnd(max)}`,
  numberRange: (field: string, min: number, max: number) =>
    `${field} phải là số nguyên từ ${formatNumber(min)} đến ${formatNumber(max)}`,
  percentRange: (field: string, max: number) => `${field} phải là số từ 0 đến ${formatNumber(max)}`,
  notNumber: (field: string) => `${field} phải là một số`,
  emailInvalid: 'Email không hợp lệ (ví dụ: ten@congty.vn)',
  phoneInvalid: 'Số điện thoại không hợp lệ: bắt đầu bằng 0 hoặc +84, theo sau 9–10 chữ số',
  contactPhoneInvalid: 'Số điện thoại không hợp lệ: số Việt Nam (0… hoặc +84…) hoặc tổng đài 1800 / 1900',
  promotionCodeInvalid: 'Mã khuyến mãi gồm 3–32 ký tự: chữ A–Z không dấu, số, dấu - hoặc _ (không có khoảng trắng)',
  nameTaken: (field: string) => `${field} đã tồn tại (không phân biệt hoa thường và dấu)`,
  /** Another account has this e-mail (whatever its case): profiles_email_lower_key, profiles_email_taken. */
  emailTaken: 'Email đã được sử dụng',
  emailRequired: 'Email không được để trống',
  emailReadOnly: 'Email đăng nhập của tài khoản: chỉ đổi được qua tài khoản đăng nhập, không sửa tại đây',
  imagePathInvalid: 'Ảnh tin nhắn không nằm trong thư mục của cuộc trò chuyện',
  bookingProviderRequired: 'Booking chờ hoàn thành hoặc đã hoàn thành phải có nhà cung cấp: chọn nhà cung cấp trước khi đổi trạng thái',
  fileNotImage: 'Tệp không phải là ảnh JPEG, PNG, WebP hoặc GIF',
  /** A money input in steps of 1 000 VND; `typed` is what was entered, formatted. */
  moneyStep: (field: string, typed: string) => `${field} phải là bội số của 1.000 ₫ (ví dụ 1.500.000 ₫); ${typed} không hợp lệ`,
  depositAmountStep: 'Số tiền ký quỹ và số dư phải là bội số của 1.000 ₫',
  promotionValueStep: 'Giá trị giảm phải theo bước 0,1% (phần trăm) hoặc 1.000 ₫ (số tiền)',
  commissionStep: 'Tỷ lệ hoa hồng chỉ có tối đa một chữ số thập phân (bước 0,1)',
  minDepositStep: 'Số tiền ký quỹ tối thiểu phải là bội số của 1.000 ₫',
  promotionMaxBelowUses: 'Số lượt sử dụng tối đa không được nhỏ hơn số lượt đã dùng',
} as const;

/**
 * The field each bounded column is on screen, for the database's own refusals of a length or a
 * range (lib/errors/constraint-messages.ts): a crafted request or a value changed elsewhere is refused
 * with the same field name the form uses.
 */
export const boundedFields: Record<TextColumn | NumberColumn, string> = {
  'profiles.name': 'Họ tên',
  'profiles.email': 'Email',
  'profiles.avatar_url': 'Địa chỉ ảnh đại diện',
  'categories.name': 'Tên ngành nghề',
  'categories.icon': 'Biểu tượng ngành nghề',
  'subcategories.name': 'Tên dịch vụ',
  'subcategories.icon': 'Biểu tượng dịch vụ',
  'service_items.name': 'Tên gói dịch vụ',
  'service_items.duration': 'Thời lượng',
  'service_items.description': 'Mô tả',
  'service_items.job_details': 'Chi tiết công việc',
  'provider_documents.name': 'Tên giấy tờ',
  'provider_documents.storage_path': 'Đường dẫn tệp giấy tờ',
  'bookings.customer_name': 'Tên khách hàng',
  'bookings.customer_email': 'Email khách hàng',
  'bookings.customer_phone': 'Số điện thoại khách hàng',
  'bookings.service_name': 'Tên dịch vụ',
  'bookings.category_name': 'Tên ngành nghề',
  'bookings.service_item_name': 'Tên gói dịch vụ',
  'bookings.service_item_description': 'Mô tả gói dịch vụ',
  'bookings.service_item_job_details': 'Chi tiết công việc',
  'bookings.service_item_duration': 'Thời lượng',
  'bookings.address': 'Địa chỉ',
  'bookings.note': 'Ghi chú',
  'bookings.discount_code': 'Mã khuyến mãi',
  'reviews.customer_name': 'Tên khách hàng',
  'reviews.comment': 'Nội dung đánh giá',
  'deposit_history.note': 'Ghi chú',
  'conversations.last_message': 'Tin nhắn',
  'messages.content': 'Tin nhắn',
  'settings.admin_email': 'Email quản trị',
  'settings.site_name': 'Tên trang',
  'settings.site_description': 'Mô tả trang',
  'settings.contact_phone': 'Số điện thoại liên hệ',
  'settings.contact_address': 'Địa chỉ liên hệ',
  'settings.featured_banner_url': 'Địa chỉ banner nổi bật',
  'settings.voucher_banner_url': 'Địa chỉ banner khuyến mãi',
  'categories.sort_order': 'Thứ tự',
  'subcategories.sort_order': 'Thứ tự',
  'service_items.sort_order': 'Thứ tự',
  'service_items.price': 'Giá',
  'bookings.service_item_price': 'Giá gói dịch vụ',
  'bookings.original_price': 'Giá gốc',
  'bookings.final_price': 'Thành tiền',
  'bookings.discount_value': 'Giá trị khuyến mãi',
  'bookings.discount_amount': 'Số tiền giảm',
  'commissions.service_price': 'Giá dịch vụ',
  'commissions.final_price': 'Thành tiền',
  'deposit_history.amount': 'Số tiền',
  'discount_codes.discount_value': 'Giá trị',
  'discount_codes.max_uses': 'Số lượt dùng tối đa',
  'discount_codes.uses_count': 'Số lượt đã dùng',
  'settings.min_deposit_amount': 'Số tiền cọc tối thiểu',
};
