// Texts of the bulk actions of the lists (docs/screens.md#bulk-actions): the bulk action bar, the
// undo toast and the refusal of a batch, then each list's actions (the checkbox column's texts:
// selection.ts).

import { formatNumber } from '@/lib/format/format.ts';

export const bulk = {
  barLabel: 'Thao tác hàng loạt',
  selected: (count: number) => `Đã chọn ${formatNumber(count)}`,
  clear: 'Bỏ chọn',
  undo: 'Hoàn tác',
  undone: (count: number) => `Đã hoàn tác thay đổi của ${formatNumber(count)} dòng`,
  working: 'Đang cập nhật…',
  /** The whole batch was refused: how many rows and which. */
  refused: (bad: number, total: number, names: string) =>
    `Không dòng nào được cập nhật: ${formatNumber(bad)} trong ${formatNumber(total)} dòng đã bị người khác thay đổi hoặc không còn phù hợp (${names}). Danh sách đã được tải lại.`,
  undoRefused: (bad: number, total: number, names: string) =>
    `Không thể hoàn tác: ${formatNumber(bad)} trong ${formatNumber(total)} dòng đã thay đổi sau đó (${names}). Không dòng nào được hoàn tác.`,
  failed: 'Không thể thực hiện thao tác hàng loạt.',
  tooMany: (max: number) => `Mỗi lần chỉ thao tác tối đa ${formatNumber(max)} dòng.`,
  providers: {
    approve: 'Duyệt',
    pause: 'Tạm dừng',
    ban: 'Cấm',
    approved: (count: number) => `Đã duyệt ${formatNumber(count)} nhà cung cấp`,
    paused: (count: number) => `Đã tạm dừng ${formatNumber(count)} nhà cung cấp`,
    banned: (count: number) => `Đã cấm ${formatNumber(count)} nhà cung cấp`,
    confirmBanTitle: (count: number) => `Cấm ${formatNumber(count)} nhà cung cấp?`,
    confirmBan: (names: string) =>
      `Các tài khoản sau sẽ bị khóa, mọi phiên đăng nhập kết thúc và họ không thể dùng ứng dụng: ${names}. Bỏ cấm từng tài khoản trong trang chi tiết.`,
  },
  reviews: {
    hide: 'Ẩn',
    show: 'Hiện',
    hidden: (count: number) => `Đã ẩn ${formatNumber(count)} đánh giá`,
    shown: (count: number) => `Đã hiện ${formatNumber(count)} đánh giá`,
  },
  promotions: {
    pause: 'Tạm dừng',
    resume: 'Tiếp tục',
    paused: (count: number) => `Đã tạm dừng ${formatNumber(count)} mã khuyến mãi`,
    resumed: (count: number) => `Đã tiếp tục ${formatNumber(count)} mã khuyến mãi`,
  },
  bookings: {
    statusLabel: 'Đổi trạng thái thành',
    choose: 'Chọn trạng thái',
    apply: 'Đổi trạng thái',
    changed: (count: number, status: string) => `Đã đổi ${formatNumber(count)} đơn sang “${status}”`,
    confirmTitle: (count: number, status: string) => `Đổi ${formatNumber(count)} đơn sang “${status}”?`,
    intro: (count: number, from: string) => `${formatNumber(count)} đơn đang “${from}”`,
    createCommissions: (count: number, fee: string, price: string) =>
      `Tạo ${formatNumber(count)} hoa hồng, tổng phí nền tảng ${fee} (trên tổng giá dịch vụ ${price})`,
    removeCommissions: (count: number, fee: string) => `Xóa ${formatNumber(count)} hoa hồng, tổng phí nền tảng ${fee}`,
    noCommissions: (count: number) => `${formatNumber(count)} đơn chưa có hoa hồng nào để xóa`,
    noMoney: 'Thay đổi này không ảnh hưởng đến hoa hồng hay thu nhập của nhà cung cấp.',
    ineligible: (names: string) => `Không thể đổi trạng thái các đơn sau (đã ở trạng thái này hoặc chưa có nhà cung cấp): ${names}. Hãy bỏ chọn chúng.`,
    confirm: 'Xác nhận đổi trạng thái',
  },
} as const;
