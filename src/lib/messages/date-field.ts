// Messages of the date field (components/ui/date-field.tsx): dates are shown and typed as
// dd/mm/yyyy, times as 24-hour hh:mm, whatever the browser's language (docs/screens.md#keyboard).
export const dateField = {
  placeholder: 'dd/mm/yyyy',
  placeholderTime: 'dd/mm/yyyy hh:mm',
  /** The button beside the field that opens the calendar. */
  openCalendar: (field: string) => `Chọn ${field.toLocaleLowerCase('vi')} trên lịch`,
  /** The calendar's own name (a dialog). */
  calendar: (field: string) => `Lịch: ${field.toLocaleLowerCase('vi')}`,
  loading: 'Đang tải lịch…',
  /** What the admin typed is not a date (or not a date and time). */
  invalid: (typed: string) => `"${typed}" không phải một ngày: nhập theo dạng dd/mm/yyyy, ví dụ 05/03/2026`,
  invalidTime: (typed: string) => `"${typed}" không phải ngày giờ: nhập theo dạng dd/mm/yyyy hh:mm, ví dụ 05/03/2026 14:30`,
} as const;
