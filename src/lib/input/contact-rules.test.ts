import { describe, expect, it } from 'vitest';
import { contactValue, validateContactField } from './contact-rules.ts';

describe('validateContactField (docs/product.md#input-rules)', () => {
  it('refuses a blank name and phone with the field’s own message', () => {
    expect(validateContactField('name', '   ')).toBe('Tên không được để trống');
    expect(validateContactField('phone', ' ')).toBe('Số điện thoại không được để trống');
  });

  it('refuses a name above 100 characters, naming the field and the limit', () => {
    expect(validateContactField('name', 'a'.repeat(100))).toBeUndefined();
    expect(validateContactField('name', 'a'.repeat(101))).toBe('Họ tên tối đa 100 ký tự');
  });

  it('refuses a phone that is not Vietnamese', () => {
    const message = 'Số điện thoại không hợp lệ: bắt đầu bằng 0 hoặc +84, theo sau 9–10 chữ số';
    expect(validateContactField('phone', 'abc-xyz')).toBe(message);
    expect(validateContactField('phone', '-123')).toBe(message);
    expect(validateContactField('phone', '090123')).toBe(message);
  });

  it('the e-mail: blank, malformed and too long refused with their message; saved trimmed and lower-case', () => {
    expect(validateContactField('email', '  ')).toBe('Email không được để trống');
    expect(validateContactField('email', 'abc-xyz')).toBe('Email không hợp lệ');
    expect(validateContactField('email', 'khach@')).toBe('Email không hợp lệ');
    expect(validateContactField('email', `${'a'.repeat(250)}@e2e.vn`)).toBe('Email tối đa 254 ký tự');
    expect(validateContactField('email', ' Khach.Moi@SanDichVu.vn ')).toBeUndefined();
    expect(contactValue('email', ' Khach.Moi@SanDichVu.vn ')).toBe('khach.moi@sandichvu.vn');
  });

  it('accepts values with surrounding spaces, and saves the phone normalised', () => {
    expect(validateContactField('name', ' Nguyễn Văn An ')).toBeUndefined();
    expect(validateContactField('phone', '0901 234 567')).toBeUndefined();
    expect(contactValue('phone', '+84 901.234.567')).toBe('0901234567');
    expect(contactValue('name', ' An ')).toBe('An');
  });
});
