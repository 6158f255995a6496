// Texts of the conversation list and message detail screens.

import { formatNumber } from '@/lib/format/format.ts';

export const conversations = {
  title: 'Quản lý cuộc trò chuyện',
  description: 'Tin nhắn giữa nhà cung cấp và khách hàng theo từng đơn hàng.',
  filters: {
    provider: 'Tên nhà cung cấp',
    providerPlaceholder: 'Tìm theo tên nhà cung cấp…',
    customer: 'Tên khách hàng',
    customerPlaceholder: 'Tìm theo tên khách hàng…',
    status: 'Trạng thái',
    time: 'Thời gian',
  },
  status: {
    all: 'Tất cả',
    active: 'Đang hoạt động',
    completed: 'Đã kết thúc',
  },
  columns: {
    bookingId: 'Mã đơn',
    provider: 'Nhà cung cấp',
    customer: 'Khách hàng',
    status: 'Trạng thái',
    lastMessage: 'Tin nhắn cuối',
    time: 'Thời gian',
  },
  noMessages: 'chưa có tin nhắn',
  approximateTotal: (total: number) => `Tổng số cuộc trò chuyện phù hợp: khoảng ${formatNumber(total)}`,
  unknown: 'Không xác định',
  empty: 'Chưa có cuộc trò chuyện nào',
  noMatch: 'Không có cuộc trò chuyện phù hợp',
  loadFailed: 'Không thể tải danh sách cuộc trò chuyện',
  openMessages: (bookingId: string) => `Xem tin nhắn của đơn ${bookingId}`,
  detail: {
    title: 'Tin nhắn',
    subtitle: (provider: string, customer: string) => `${provider} và ${customer}`,
    back: 'Quay lại',
    notFound: 'Không tìm thấy cuộc trò chuyện cho đơn hàng này',
    loadConversationFailed: 'Không thể tải thông tin cuộc trò chuyện',
    loadMessagesFailed: 'Không thể tải tin nhắn. Vui lòng thử lại sau.',
    empty: 'Chưa có tin nhắn nào trong cuộc trò chuyện này',
    read: (time: string) => `Đã xem lúc ${time}`,
    unread: 'Chưa xem',
    image: (sender: string) => `Hình ảnh do ${sender} gửi`,
    imageUnavailable: 'Không thể hiển thị hình ảnh',
    live: 'Tin nhắn mới sẽ tự động hiển thị',
    bookingLink: 'Xem đơn hàng',
    listLabel: 'Danh sách tin nhắn',
    roleProvider: 'Nhà cung cấp',
    roleCustomer: 'Khách hàng',
  },
} as const;
