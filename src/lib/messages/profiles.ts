// Texts that customers' and providers' profiles share (docs/screens.md#customer-detail, docs/screens.md#provider-detail): the avatar's alt text, the labels
// of the contact inline edits and their validation messages, the filter and column labels both lists use.
export const profiles = {
  avatarAlt: (name: string) => `Ảnh đại diện của ${name}`,
  fields: {
    name: 'Họ tên',
    email: 'Email',
    phone: 'Số điện thoại',
    status: 'Trạng thái',
  },
  emailNote: 'Email đăng nhập của tài khoản: đổi tại đây thì tài khoản đăng nhập bằng email mới, và cả địa chỉ cũ lẫn mới đều nhận thư báo.',
  times: {
    createdAt: 'Ngày đăng ký',
    updatedAt: 'Cập nhật lần cuối',
    lastLoginAt: 'Đăng nhập lần cuối',
    never: 'Chưa đăng nhập',
  },
  list: {
    statusLabel: 'Trạng thái',
    allStatuses: 'Tất cả trạng thái',
    columns: {
      name: 'Tên',
      phone: 'Số điện thoại',
      email: 'Email',
      status: 'Trạng thái',
    },
  },
  validation: {
    nameRequired: 'Tên không được để trống',
    emailRequired: 'Email không được để trống',
    emailInvalid: 'Email không hợp lệ',
    phoneRequired: 'Số điện thoại không được để trống',
  },
} as const;
