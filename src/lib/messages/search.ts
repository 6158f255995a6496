// Finding things in the back office: the search box of the shell (Ctrl+K, "/") and the saved views
// of the lists' filters (docs/screens.md#global-search, docs/screens.md#saved-views). Both load after
// a screen's first paint, with these texts; the page size select's words are in page-size.ts.

/** The search button of the shell's header. */
export const searchButtonTexts = {
  button: 'Tìm kiếm',
  shortcut: 'Ctrl K',
};

/** The search palette (loaded when first opened). */
export const searchPalette = {
  dialogTitle: 'Tìm kiếm trong trang quản trị',
  dialogDescription: 'Tìm đơn hàng theo mã, khách hàng và nhà cung cấp theo tên, số điện thoại hoặc email.',
  inputLabel: 'Tìm đơn hàng, khách hàng, nhà cung cấp',
  placeholder: 'Mã đơn (8 ký tự), số điện thoại, email hoặc tên…',
  resultsLabel: 'Kết quả tìm kiếm',
  groups: { bookings: 'Đơn hàng', customers: 'Khách hàng', providers: 'Nhà cung cấp' },
  typeMore: 'Nhập ít nhất 2 ký tự để tìm.',
  searching: 'Đang tìm…',
  noResults: (text: string) => `Không tìm thấy kết quả cho “${text}”.`,
  failed: 'Không tìm được. Vui lòng thử lại.',
  tooLong: (max: number) => `Nội dung tìm kiếm tối đa ${max} ký tự.`,
  resultCount: (count: number) => (count === 0 ? 'Không có kết quả' : `${count} kết quả`),
  bookingTitle: (shortId: string, customer: string) => `#${shortId} · ${customer}`,
  seeAll: (group: string) => `Xem tất cả ${group.toLowerCase()} khớp`,
  hint: '↑↓ để chọn · Enter để mở · Esc để đóng',
  close: 'Đóng',
  noPhone: 'Chưa có số điện thoại',
};

/** The "Bộ lọc đã lưu" button of a list's filter bar and its panel's name. */
export const savedViewsButtonTexts = {
  button: 'Bộ lọc đã lưu',
  menuLabel: 'Bộ lọc đã lưu của danh sách này',
};

/** The panel of saved views (loaded on the first click). */
export const savedViewsTexts = {
  empty: 'Chưa có bộ lọc nào được lưu.',
  loading: 'Đang tải…',
  loadFailed: 'Không tải được bộ lọc đã lưu.',
  saveCurrent: 'Lưu bộ lọc hiện tại…',
  apply: (name: string) => `Áp dụng bộ lọc “${name}”`,
  remove: (name: string) => `Xóa bộ lọc “${name}”`,
  removed: (name: string) => `Đã xóa bộ lọc “${name}”`,
  saveTitle: 'Lưu bộ lọc hiện tại',
  saveDescription: 'Lưu các bộ lọc, cách sắp xếp và số dòng mỗi trang đang dùng để mở lại sau.',
  nameLabel: 'Tên bộ lọc',
  namePlaceholder: 'Ví dụ: Đơn chờ xác nhận',
  nameRequired: 'Tên bộ lọc không được để trống',
  nameTooLong: (max: number) => `Tên bộ lọc tối đa ${max} ký tự`,
  nameTaken: 'Đã có bộ lọc cùng tên trong danh sách này',
  tooMany: (max: number) => `Mỗi quản trị viên lưu tối đa ${max} bộ lọc`,
  queryTooLong: 'Bộ lọc hiện tại quá dài để lưu',
  save: 'Lưu',
  saving: 'Đang lưu…',
  cancel: 'Hủy',
  saved: (name: string) => `Đã lưu bộ lọc “${name}”`,
  saveFailed: 'Không lưu được bộ lọc',
  removeFailed: 'Không xóa được bộ lọc',
};

export const search = {
  button: searchButtonTexts,
  palette: searchPalette,
  savedViewsButton: savedViewsButtonTexts,
  savedViews: savedViewsTexts,
};
