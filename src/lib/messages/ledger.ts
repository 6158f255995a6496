// Texts of the ledger on profile pages: a provider's balance history and manual adjustment
// ("Điều chỉnh số dư", docs/decisions.md#money-only-through-the-ledger) and the ban card of a
// customer's or provider's page (docs/decisions.md#bans-hold).
export const ledger = {
  balance: {
    title: 'Số dư ký quỹ',
    current: 'Số dư hiện tại',
    adjust: 'Điều chỉnh số dư',
    history: 'Lịch sử số dư',
    historyEmpty: 'Chưa có giao dịch ký quỹ nào',
    historyFailed: 'Không thể tải lịch sử số dư',
    viewAll: 'Xem toàn bộ trong lịch sử ký quỹ',
    kinds: { deposit: 'Nạp ký quỹ', adjustment: 'Điều chỉnh' } as Record<string, string>,
    /** The deposit history's line under an adjustment: its reason. */
    columns: {
      time: 'Thời gian',
      kind: 'Loại',
      amount: 'Số tiền',
      change: 'Số dư trước → sau',
      status: 'Trạng thái',
      note: 'Ghi chú / lý do',
    },
  },
  adjust: {
    title: 'Điều chỉnh số dư',
    description: 'Số tiền dương cộng vào số dư, số tiền âm trừ khỏi số dư. Mỗi lần điều chỉnh được ghi vào lịch sử ký quỹ kèm lý do và không sửa được sau đó.',
    amount: 'Số tiền điều chỉnh (đ)',
    /** The amount's name in the shared step message (bounds.moneyStep). */
    amountField: 'Số tiền điều chỉnh',
    amountHint: 'Ví dụ: 200000 hoặc -50000',
    reason: 'Lý do điều chỉnh',
    amountRequired: 'Vui lòng nhập số tiền điều chỉnh',
    amountInvalid: 'Số tiền điều chỉnh phải là số nguyên (có thể âm), khác 0',
    amountTooLarge: 'Số tiền điều chỉnh tối đa 1.000.000.000 đ mỗi lần',
    reasonRequired: 'Vui lòng nhập lý do điều chỉnh',
    reasonTooLong: 'Lý do điều chỉnh tối đa 500 ký tự',
    belowZero: (balance: string) => `Số dư sau điều chỉnh không được âm (hiện có ${balance})`,
    next: 'Tiếp tục',
    confirmTitle: 'Xác nhận điều chỉnh số dư',
    confirmEffect: (name: string, before: string, after: string) => `Số dư của ${name}: ${before} → ${after}`,
    confirmReason: (reason: string) => `Lý do: ${reason}`,
    confirm: 'Xác nhận điều chỉnh',
    done: (after: string) => `Đã điều chỉnh số dư. Số dư mới: ${after}`,
    failed: 'Điều chỉnh số dư thất bại',
  },
  ban: {
    title: 'Cấm tài khoản',
    bannedTitle: 'Tài khoản đang bị cấm',
    bannedEffect:
      'Người dùng không đăng nhập được, mọi phiên đăng nhập đã bị thu hồi và cơ sở dữ liệu từ chối mọi thao tác đọc, ghi, gửi tin nhắn của họ.',
    activeEffect: 'Cấm tài khoản sẽ thu hồi mọi phiên đăng nhập, chặn đăng nhập và từ chối mọi thao tác của người dùng này.',
    ban: 'Cấm tài khoản',
    unban: 'Bỏ cấm',
    confirmBanTitle: (name: string) => `Cấm tài khoản ${name}?`,
    confirmBan: 'Người dùng bị đăng xuất ngay khỏi mọi thiết bị và không đăng nhập lại được cho đến khi được bỏ cấm.',
    confirmUnbanTitle: (name: string) => `Bỏ cấm tài khoản ${name}?`,
    confirmUnban: (statusLabel: string) => `Người dùng đăng nhập lại được; trạng thái mới: ${statusLabel}.`,
    banned: 'Đã cấm tài khoản. Người dùng đã bị đăng xuất.',
    unbanned: 'Đã bỏ cấm tài khoản. Người dùng có thể đăng nhập lại.',
    failed: 'Đổi trạng thái cấm thất bại',
  },
};
