// Texts of the commissions screen. docs/decisions.md#commission-amounts: platform_fee = platform income,
// provider_amount = what the provider earns; every screen labels them the same way.

import { formatNumber } from '@/lib/format/format.ts';

export const commissions = {
  title: 'Quản lý hoa hồng',
  description: 'Hoa hồng được tạo tự động khi đơn hàng hoàn thành.',
  stats: {
    providerEarnings: 'Tổng hoa hồng nhà cung cấp',
    serviceValue: 'Tổng giá trị dịch vụ',
    platformIncome: 'Tổng thu nhập nền tảng',
    averageRate: 'Tỷ lệ hoa hồng trung bình',
    count: (count: number) => `${formatNumber(count)} giao dịch`,
  },
  filters: {
    search: 'Tìm kiếm',
    searchPlaceholder: 'Mã đơn, tên nhà cung cấp hoặc dịch vụ…',
    service: 'Dịch vụ',
    allServices: 'Tất cả dịch vụ',
    fromDate: 'Từ ngày',
    toDate: 'Đến ngày',
  },
  columns: {
    bookingId: 'Mã đơn',
    provider: 'Nhà cung cấp',
    service: 'Dịch vụ',
    servicePrice: 'Giá dịch vụ',
    rate: 'Tỷ lệ nền tảng (%)',
    providerAmount: 'Hoa hồng nhà cung cấp',
    platformFee: 'Thu nhập nền tảng',
    createdAt: 'Ngày tạo',
    completedAt: 'Ngày hoàn thành',
  },
  unknown: 'Không xác định',
  empty: 'Chưa có hoa hồng nào',
  noMatch: 'Không có hoa hồng phù hợp với bộ lọc',
  loadFailed: 'Không thể tải danh sách hoa hồng',
  statsFailed: 'Không thể tải thống kê hoa hồng',
  csvFilename: 'hoa-hong',
  exporting: 'Đang xuất…',
  exportFailed: 'Không thể xuất CSV. Vui lòng thử lại.',
  exportTooMany: (max: number) => `Chỉ xuất tối đa ${formatNumber(max)} dòng đầu tiên theo bộ lọc hiện tại.`,
} as const;
