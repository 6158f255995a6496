import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { changePasswordSchema } from './change-password-schema.ts';
import { loginSchema } from './login-schema.ts';
import { isAdminSession } from '@/features/auth/components/auth-context.ts';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The form shows the first message of each field (react-hook-form's default).
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('change password rules (docs/screens.md#change-password)', () => {
  it('all three fields are required', () => {
    expect(messages(changePasswordSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }))).toEqual({
      currentPassword: 'Vui lòng nhập mật khẩu hiện tại',
      newPassword: 'Vui lòng nhập mật khẩu mới',
      confirmPassword: 'Vui lòng xác nhận mật khẩu mới',
    });
  });
  it('new password at least 6 characters', () => {
    expect(messages(changePasswordSchema.safeParse({ currentPassword: 'a', newPassword: '12345', confirmPassword: '12345' }))).toEqual({
      newPassword: 'Mật khẩu mới phải có ít nhất 6 ký tự',
    });
  });
  it('refuses a new password of spaces only, with spaces at an end, or above 72 bytes, each with its own message', () => {
    const first = (newPassword: string) =>
      messages(changePasswordSchema.safeParse({ currentPassword: 'a', newPassword, confirmPassword: newPassword })).newPassword;
    expect(first('      ')).toBe('Mật khẩu mới không được chỉ gồm khoảng trắng');
    expect(first(' abcdef')).toBe('Mật khẩu mới không được bắt đầu hoặc kết thúc bằng khoảng trắng');
    expect(first('abcdef ')).toBe('Mật khẩu mới không được bắt đầu hoặc kết thúc bằng khoảng trắng');
    expect(first('   ab   ')).toBe('Mật khẩu mới không được bắt đầu hoặc kết thúc bằng khoảng trắng');
    expect(first('a'.repeat(73))).toBe('Mật khẩu mới tối đa 72 byte (72 ký tự không dấu; chữ có dấu tính 2–3 byte)');
    // 40 characters, 80 bytes: what bcrypt and the Auth server count.
    expect(first('Đ'.repeat(40))).toBe('Mật khẩu mới tối đa 72 byte (72 ký tự không dấu; chữ có dấu tính 2–3 byte)');
    expect(first(`${'a'.repeat(71)}1`)).toBeUndefined();
    // password_requirements = "letters_digits" (supabase/config.toml), as Auth checks it.
    expect(first('abcdef')).toBe('Mật khẩu mới phải có cả chữ cái (a–z) và chữ số (0–9)');
    expect(first('123456')).toBe('Mật khẩu mới phải có cả chữ cái (a–z) và chữ số (0–9)');
    expect(first('đêđâư1')).toBe('Mật khẩu mới phải có cả chữ cái (a–z) và chữ số (0–9)');
    expect(first('mật khẩu mới 2026')).toBeUndefined();
  });
  it('new and confirm must match', () => {
    expect(messages(changePasswordSchema.safeParse({ currentPassword: 'a', newPassword: 'abc123', confirmPassword: 'abc1234' }))).toEqual({
      confirmPassword: 'Mật khẩu mới và xác nhận mật khẩu không khớp',
    });
    expect(changePasswordSchema.safeParse({ currentPassword: 'a', newPassword: 'abc123', confirmPassword: 'abc123' }).success).toBe(true);
  });
});

describe('login rules (docs/screens.md#sign-in-and-admin-shell)', () => {
  it('email and password required, email must be valid', () => {
    expect(messages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Vui lòng nhập email',
      password: 'Vui lòng nhập mật khẩu',
    });
    expect(messages(loginSchema.safeParse({ email: 'abc', password: 'x' }))).toEqual({ email: 'Email không hợp lệ' });
    expect(loginSchema.parse({ email: ' admin@sandichvu.vn ', password: 'x' }).email).toBe('admin@sandichvu.vn');
  });
});

describe('admin claim', () => {
  it('only app_metadata.admin === true is an admin', () => {
    const user = (app_metadata: Record<string, unknown>): Pick<Session, 'user'> => ({
      user: { id: '00000000-0000-4000-a000-000000000001', aud: 'authenticated', created_at: '2026-11-01T00:00:00Z', app_metadata, user_metadata: {} },
    });
    expect(isAdminSession(user({ admin: true }))).toBe(true);
    expect(isAdminSession(user({ admin: 'true' }))).toBe(false);
    expect(isAdminSession(user({ role: 'provider' }))).toBe(false);
    expect(isAdminSession(null)).toBe(false);
  });
});
