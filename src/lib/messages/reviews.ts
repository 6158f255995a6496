// Texts of the reviews moderation screen.

import { formatNumber } from '@/lib/format/format.ts';

export const reviews = {
  title: 'Quản lý đánh giá',
  description: 'Đánh giá 1 sao được tô đỏ để ưu tiên kiểm tra.',
  filters: {
    search: 'Tìm kiếm',
    searchPlaceholder: 'Tên khách hàng hoặc nội dung…',
    rating: 'Số sao',
    allRatings: 'Tất cả số sao',
    ratingOption: (n: number) => `${n} sao`,
    status: 'Trạng thái',
    allStatuses: 'Tất cả trạng thái',
  },
  columns: {
    customer: 'Khách hàng',
    provider: 'Nhà cung cấp',
    rating: 'Số sao',
    comment: 'Nhận xét',
    time: 'Thời gian',
    bookingId: 'Mã đơn',
    status: 'Trạng thái',
  },
  statusLabel: (customer: string) => `Trạng thái đánh giá của ${customer}`,
  approximateTotal: (total: number) => `Tổng số đánh giá phù hợp: khoảng ${formatNumber(total)}`,
  noComment: 'Không có nhận xét',
  unknown: 'Không xác định',
  empty: 'Chưa có đánh giá nào',
  noMatch: 'Không có đánh giá phù hợp',
  loadFailed: 'Không thể tải danh sách đánh giá. Vui lòng thử lại sau.',
  updateFailed: 'Không thể cập nhật trạng thái. Vui lòng thử lại.',
  updated: 'Đã cập nhật trạng thái đánh giá',
  conflict: 'Đánh giá vừa được người khác thay đổi. Dữ liệu đã được tải lại, vui lòng thử lại.',
} as const;
