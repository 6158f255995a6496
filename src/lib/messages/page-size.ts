// The page size select under every paged list (docs/screens.md#page-size): part of each list screen's
// first download, so nothing else lives here.
export const pageSizeTexts = {
  label: 'Số dòng mỗi trang',
  option: (size: number) => `${size} dòng`,
};
