// Messages of the input contract (docs/product.md#input-rules): each names its field and its limit.
// Field names are written as a sentence starts ("Tên", "Giá"); money is formatted as VND.
import { formatNumber, formatVnd } from '@/lib/format.ts';

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
  emailTaken: 'Email này đã thuộc về một tài khoản khác',
  emailReadOnly: 'Email đăng nhập của tài khoản: chỉ đổi được qua tài khoản đăng nhập, không sửa tại đây',
  imagePathInvalid: 'Ảnh tin nhắn không nằm trong thư mục của cuộc trò chuyện',
  fileNotImage: 'Tệp không phải là ảnh JPEG, PNG, WebP hoặc GIF',
} as const;
