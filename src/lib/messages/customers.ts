// Texts of the customers list (/admin/customers) and customer detail (/admin/customers/:id).
import { profiles } from './profiles.ts';

export const customers = {
  list: {
    title: 'Quản lý khách hàng',
    description: 'Danh sách khách hàng, mới đăng ký trước.',
    loadFailed: 'Không thể tải danh sách khách hàng',
    empty: 'Không có khách hàng nào phù hợp với bộ lọc',
    searchLabel: 'Tìm theo tên hoặc email',
    searchPlaceholder: 'Nhập tên hoặc email…',
    statusLabel: profiles.list.statusLabel,
    allStatuses: profiles.list.allStatuses,
    columns: {
      ...profiles.list.columns,
      totalBookings: 'Tổng booking',
      createdAt: 'Ngày tạo',
    },
  },
  detail: {
    back: 'Quay lại danh sách',
    notFound: 'Không tìm thấy khách hàng',
    loadFailed: 'Không thể tải thông tin khách hàng',
    subtitle: 'Hồ sơ khách hàng',
    stats: {
      title: 'Thống kê',
      total: 'Tổng booking',
      completed: 'Đã hoàn thành',
      inProgress: 'Đang thực hiện',
      totalSpent: 'Tổng chi tiêu',
      loadFailed: 'Không thể tải thống kê',
    },
    info: {
      title: 'Thông tin cá nhân',
    },
    times: {
      title: 'Thời gian',
      ...profiles.times,
    },
    updated: 'Đã cập nhật thông tin khách hàng',
    updateFailed: 'Cập nhật thông tin khách hàng thất bại',
    conflict: 'Hồ sơ vừa được người khác cập nhật. Dữ liệu mới nhất đã được tải lại, vui lòng kiểm tra rồi thử lại.',
    recent: {
      title: '10 booking gần nhất',
      empty: 'Khách hàng chưa có booking nào',
      loadFailed: 'Không thể tải booking gần đây',
    },
  },
} as const;
