import { describe, expect, it } from 'vitest';
import { validateContactField } from './profile-rules.ts';

describe('validateContactField', () => {
  it('refuses blank name, email and phone with the field’s own message', () => {
    expect(validateContactField('name', '   ')).toBe('Tên không được để trống');
    expect(validateContactField('email', '')).toBe('Email không được để trống');
    expect(validateContactField('phone', ' ')).toBe('Số điện thoại không được để trống');
  });

  it('refuses an email without @', () => {
    expect(validateContactField('email', 'khach.example.com')).toBe('Email không hợp lệ');
  });

  it('accepts values with surrounding spaces (they are trimmed when saved)', () => {
    expect(validateContactField('email', ' khach@example.com ')).toBeUndefined();
    expect(validateContactField('name', ' Nguyễn Văn An ')).toBeUndefined();
    expect(validateContactField('phone', '0901 234 567')).toBeUndefined();
  });
});
