// What any page, public or admin, may show before its own code has arrived: the placeholder while
// a page's code loads and the page shown when it cannot be loaded or rendered. Part of every
// page's first download, so kept to these few lines.

export const appFrame = {
  loading: 'Đang tải…',
  /** The pending bar's name while a navigation loads the next page. */
  navigating: 'Đang mở trang…',
  routeError: {
    heading: 'Không thể hiển thị trang',
    text: 'Đã xảy ra lỗi khi tải trang. Vui lòng tải lại trang.',
    reload: 'Tải lại trang',
  },
} as const;
