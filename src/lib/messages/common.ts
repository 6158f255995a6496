// Texts shared by every screen: actions, states, pagination, errors, statuses.

import { formatNumber } from '@/lib/format/format.ts';

export const common = {
  appName: 'Sàn Dịch Vụ',
  adminTitle: 'Quản trị',
  actions: {
    save: 'Lưu',
    saving: 'Đang lưu…',
    cancel: 'Hủy',
    confirm: 'Xác nhận',
    close: 'Đóng',
    edit: 'Sửa',
    delete: 'Xóa',
    add: 'Thêm',
    back: 'Quay lại',
    retry: 'Thử lại',
    refresh: 'Làm mới',
    clearFilters: 'Xóa bộ lọc',
    search: 'Tìm kiếm',
    exportCsv: 'Xuất CSV',
    selectAll: 'Chọn tất cả',
    deselectAll: 'Bỏ chọn tất cả',
  },
  unsavedChanges: {
    title: 'Rời trang khi chưa lưu?',
    description: 'Bạn đang sửa dở một giá trị chưa được lưu. Nếu rời trang, thay đổi này sẽ bị mất.',
    leave: 'Rời trang',
    stay: 'Ở lại',
  },
  states: {
    loading: 'Đang tải…',
    empty: 'Không có dữ liệu',
    noResults: 'Không có kết quả phù hợp',
    error: 'Đã xảy ra lỗi',
  },
  table: {
    rowNumber: 'STT',
    caption: (shown: number, total: number) => `Đang hiển thị ${shown} trên ${total} dòng`,
    /** The sort select of a list shown as cards (phones). */
    sortBy: 'Sắp xếp',
    defaultOrder: 'Mặc định',
    ascending: (column: string) => `${column} ↑ (tăng dần)`,
    descending: (column: string) => `${column} ↓ (giảm dần)`,
  },
  pagination: {
    label: 'Phân trang',
    first: 'Trang đầu',
    previous: 'Trang trước',
    next: 'Trang sau',
    last: 'Trang cuối',
    page: (page: number) => `Trang ${page}`,
    range: (from: number, to: number, total: number) =>
      `Hiển thị ${formatNumber(from)}–${formatNumber(to)} trên ${formatNumber(total)}`,
    rangeApprox: (from: number, to: number, total: number) =>
      `Hiển thị ${formatNumber(from)}–${formatNumber(to)} trên khoảng ${formatNumber(total)}`,
    none: 'Hiển thị 0 trên 0',
  },
  inlineEdit: {
    start: (label: string) => `Sửa ${label}`,
    required: 'Giá trị không được để trống',
    notNumber: 'Vui lòng nhập một số hợp lệ',
    saveFailed: 'Cập nhật thất bại',
  },
  filters: {
    /** The button that shows the filters of a list on a phone, with the number of filters set. */
    toggle: (active: number) => `Bộ lọc (${active})`,
    all: 'Tất cả',
    time: 'Thời gian',
    status: 'Trạng thái',
    /** A date filter while its field loads (the field's own texts: messages/date-field.ts). */
    datePlaceholder: 'dd/mm/yyyy',
    fromDate: 'Từ ngày',
    toDate: 'Đến ngày',
    /** A "from" / "to" day of the URL that does not exist (2026-02-31): the list ignores it. */
    invalidDay: (value: string) => `Ngày không hợp lệ: ${value} — bộ lọc đã được bỏ qua.`,
    reversedPeriod: (from: string, to: string) => `"Từ ngày" (${from}) sau "Đến ngày" (${to}) — khoảng ngày đã được bỏ qua. Vui lòng chọn lại.`,
    timeRanges: {
      all: 'Tất cả thời gian',
      today: 'Hôm nay',
      '7d': '7 ngày qua',
      '30d': '30 ngày qua',
      '90d': '90 ngày qua',
    },
  },
  stars: (rating: number) => `${rating} trên 5 sao`,
  relative: {
    justNow: 'vừa xong',
  },
  notFound: {
    title: 'Không tìm thấy trang',
    description: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
    backHome: 'Về trang chủ',
    backDashboard: 'Về trang tổng quan',
  },
  errors: {
    network: 'Lỗi kết nối mạng. Vui lòng kiểm tra internet',
    rateLimited: 'Quá nhiều lần thử. Vui lòng thử lại sau',
    invalidEmail: 'Email không hợp lệ',
    permissionDenied: 'Không có quyền truy cập dữ liệu. Vui lòng kiểm tra quyền đăng nhập.',
    permissionDeniedSave: 'Không có quyền cập nhật dữ liệu. Vui lòng kiểm tra quyền đăng nhập.',
    notFound: 'Không tìm thấy dữ liệu',
    duplicate: 'Dữ liệu đã tồn tại (trùng lặp)',
    invalidValue: 'Giá trị không hợp lệ',
    foreignKey: 'Dữ liệu liên quan không tồn tại hoặc vẫn đang được sử dụng',
    unavailable: 'Dịch vụ hiện không khả dụng. Vui lòng thử lại sau.',
    serverError: 'Máy chủ gặp lỗi khi xử lý yêu cầu. Vui lòng thử lại sau.',
    sessionExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại',
    fileTooLarge: 'File quá lớn. Vui lòng chọn file nhỏ hơn 5MB.',
    fileType: 'Định dạng file không được hỗ trợ. Vui lòng chọn file hình ảnh',
    uploadForbidden: 'Không có quyền tải file lên',
    fileForbidden: 'Không có quyền truy cập file',
    fileNotFound: 'Không tìm thấy file',
    unknown: 'Đã xảy ra lỗi. Vui lòng thử lại',
    /** An answer that does not match the shape the screen expects (its zod schema refused it). */
    unexpectedAnswer: 'Máy chủ trả về dữ liệu không đúng định dạng. Vui lòng thử lại sau.',
    withMessage: (message: string) => `Lỗi: ${message}`,
    withCode: (code: string, message: string) => `Lỗi ${code}: ${message}`,
  },
  /** The provider filter of the bookings, commissions and deposits lists (one picker for the three). */
  providerPicker: {
    label: 'Nhà cung cấp',
    all: 'Tất cả nhà cung cấp',
    search: 'Tìm nhà cung cấp theo tên…',
    searching: 'Đang tìm…',
    noMatch: 'Không tìm thấy nhà cung cấp',
    clear: 'Bỏ chọn nhà cung cấp',
    loadFailed: 'Không thể tải danh sách nhà cung cấp',
    hint: 'Gõ để tìm theo tên (không cần dấu)',
  },
  statuses: {
    booking: {
      pending: 'Chờ xác nhận',
      confirmed: 'Đã xác nhận',
      pending_completion: 'Chờ hoàn thành',
      completed: 'Hoàn thành',
      cancelled: 'Đã hủy',
    },
    provider: {
      inactive: 'Không hoạt động',
      pending_approval: 'Chờ duyệt',
      active: 'Hoạt động',
      banned: 'Bị cấm',
    },
    customer: {
      active: 'Hoạt động',
      inactive: 'Tạm dừng',
      banned: 'Bị cấm',
      pending_approval: 'Chờ duyệt',
    },
    review: { active: 'Hiển thị', inactive: 'Ẩn' },
    discountCode: { active: 'Hoạt động', inactive: 'Ngừng hoạt động' },
    deposit: { pending: 'Đang chờ', completed: 'Hoàn thành', canceled: 'Đã hủy' },
    conversation: { active: 'Đang hoạt động', completed: 'Đã kết thúc' },
    visibility: { active: 'Hiển thị', inactive: 'Ẩn' },
    unknown: (value: string) => `Không xác định (${value})`,
  },
  lists: {
    sortedByDefault:
      'Từ khóa tìm kiếm khớp với hơn 5.000 mục nên danh sách đang xếp theo thứ tự mặc định (mới nhất trước). Hãy gõ từ khóa cụ thể hơn để sắp xếp theo cột đã chọn.',
    deepPage: (page: number) =>
      `Trang ${formatNumber(page)} quá xa để mở trực tiếp. Hãy về trang đầu hoặc trang cuối, đi tiếp bằng "Trang sau" / "Trang trước", hoặc thu hẹp bộ lọc.`,
  },
} as const;
