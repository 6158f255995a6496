// Texts of the row selection of the lists (the checkbox column, docs/screens.md#bulk-actions):
// shown with the list's first paint, so kept apart from the bulk actions' texts (bulk.ts), which
// load with the bulk action bar.

export const selection = {
  selectPage: 'Chọn tất cả các dòng trên trang này',
  selectRow: (label: string) => `Chọn dòng ${label}`,
} as const;
