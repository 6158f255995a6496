// Texts of the contact fields that customers and providers share (spec 01 §5): the labels of the
// inline edits and their validation messages.
export const profiles = {
  fields: {
    name: 'Họ tên',
    email: 'Email',
    phone: 'Số điện thoại',
    status: 'Trạng thái',
  },
  validation: {
    nameRequired: 'Tên không được để trống',
    emailRequired: 'Email không được để trống',
    emailInvalid: 'Email không hợp lệ',
    phoneRequired: 'Số điện thoại không được để trống',
  },
} as const;
