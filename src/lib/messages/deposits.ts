// Texts of the deposit history screen.

import { formatNumber } from '@/lib/format/format.ts';

export const deposits = {
  title: 'Lịch sử ký quỹ',
  description: 'Đổi trạng thái một giao dịch sẽ cập nhật số dư ký quỹ và trạng thái của nhà cung cấp.',
  stats: {
    total: 'Tổng số tiền',
    pending: 'Đang chờ',
    completed: 'Đã hoàn thành',
    canceled: 'Đã hủy',
    transactions: 'Tổng số giao dịch',
    count: (count: number) => `${formatNumber(count)} giao dịch`,
  },
  filters: {
    search: 'Tìm kiếm',
    searchPlaceholder: 'Tên, email nhà cung cấp hoặc mã giao dịch…',
    status: 'Trạng thái',
    allStatuses: 'Tất cả trạng thái',
    fromDate: 'Từ ngày',
    toDate: 'Đến ngày',
  },
  columns: {
    id: 'Mã giao dịch',
    provider: 'Nhà cung cấp',
    amount: 'Số tiền',
    oldBalance: 'Số dư cũ',
    newBalance: 'Số dư mới',
    status: 'Trạng thái',
    currentBalance: 'Số dư hiện tại',
    providerStatus: 'Trạng thái nhà cung cấp',
    createdAt: 'Thời gian',
    updatedAt: 'Cập nhật',
  },
  amountInvalid: 'Số tiền phải là số hợp lệ và không âm',
  /** Why the row's balance moved (docs/product.md#deposits-and-balances), under its provider. */
  balanceReason: {
    completed: (amount: string, completed: string) => `Nạp tiền ${amount} chuyển sang “${completed}”: cộng vào số dư.`,
    reverted: (amount: string, completed: string, status: string) => `Nạp tiền ${amount} chuyển từ “${completed}” về “${status}”: trừ lại khỏi số dư.`,
    floored: (taken: string) => `Số dư không xuống dưới 0 ₫ nên chỉ trừ ${taken}.`,
    amountChanged: (before: string, after: string) => `Số tiền sửa từ ${before} thành ${after} khi đã hoàn thành: số dư đổi theo phần chênh lệch.`,
    corrected: 'Số dư cũ / mới được quản trị viên sửa tay: không làm đổi số dư.',
  },
  // Confirmation of an amount edit (amount, old or new balance), as the status change has.
  amountConfirm: {
    title: (field: string) => `Xác nhận sửa ${field.toLowerCase()}?`,
    change: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    balance: (name: string, before: string, after: string) => `Số dư của ${name}: ${before} → ${after}`,
    balanceUnchanged: (name: string, balance: string) => `Số dư của ${name} không đổi: ${balance}`,
    notCompleted: 'Giao dịch chưa hoàn thành nên không làm đổi số dư.',
    recordOnly: 'Chỉ sửa ghi chép của giao dịch, không làm đổi số dư.',
    providerStatus: (name: string, before: string, after: string) => `Trạng thái của ${name}: ${before} → ${after}`,
    confirm: 'Xác nhận sửa',
  },
  statusInvalid: 'Trạng thái không hợp lệ',
  /** The note of a balance adjustment line in the history. */
  adjustmentNote: (reason: string) => `Điều chỉnh: ${reason}`,
  unknownProvider: (id: string) => `ID người dùng: ${id}`,
  empty: 'Chưa có giao dịch ký quỹ nào',
  noMatch: 'Không có giao dịch phù hợp với bộ lọc',
  loadFailed: 'Không thể tải dữ liệu lịch sử ký quỹ. Vui lòng thử lại.',
  statsFailed: 'Không thể tải thống kê ký quỹ',
  updateFailed: 'Không thể cập nhật. Vui lòng thử lại.',
  updated: 'Đã cập nhật giao dịch ký quỹ',
  amountLabel: (field: string, id: string) => `${field} của giao dịch ${id}`,
  statusChanged: (balance: string, providerStatus: string) =>
    `Đã đổi trạng thái. Số dư mới của nhà cung cấp: ${balance} (${providerStatus})`,
  conflict: 'Giao dịch này vừa được người khác thay đổi. Dữ liệu mới nhất đã được tải lại, thay đổi của bạn chưa được lưu.',
  csvFilename: 'lich-su-ky-quy',
  exporting: 'Đang xuất…',
  exportFailed: 'Không thể xuất CSV. Vui lòng thử lại.',
  exportTooMany: (max: number) => `Chỉ xuất tối đa ${formatNumber(max)} dòng đầu tiên theo bộ lọc hiện tại.`,
  // Confirmation of a status change (docs/product.md#deposits-and-balances).
  statusConfirm: {
    title: (status: string) => `Đổi trạng thái giao dịch sang “${status}”?`,
    intro: (from: string, to: string, amount: string) => `Giao dịch ${amount}: ${from} → ${to}. Khi xác nhận:`,
    balance: (name: string, before: string, after: string) => `Số dư của ${name}: ${before} → ${after}`,
    balanceUnchanged: (name: string, balance: string) => `Số dư của ${name} không đổi: ${balance}`,
    providerStatus: (name: string, before: string, after: string) => `Trạng thái của ${name}: ${before} → ${after}`,
    confirm: 'Xác nhận đổi trạng thái',
    computeFailed: 'Không thể tính ảnh hưởng của thay đổi. Trạng thái chưa được đổi.',
  },
} as const;
