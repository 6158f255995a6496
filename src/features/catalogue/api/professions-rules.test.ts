import { describe, expect, it } from 'vitest';
import { parseProfessionOrder, professionCreateSchema, validateProfessionName } from './professions-rules.ts';

describe('validateProfessionName', () => {
  it('refuses a blank name with the message of the catalogue', () => {
    expect(validateProfessionName('   ')).toBe('Tên ngành nghề không thể để trống');
    expect(validateProfessionName(' Y tế ')).toBeUndefined();
  });
});

describe('parseProfessionOrder', () => {
  it('reads whole numbers from 0 to 100 000', () => {
    expect(parseProfessionOrder('3')).toEqual({ ok: true, value: 3 });
    expect(parseProfessionOrder(' 0 ')).toEqual({ ok: true, value: 0 });
    expect(parseProfessionOrder('100000')).toEqual({ ok: true, value: 100000 });
  });

  it('refuses a blank box instead of reading it as 0', () => {
    expect(parseProfessionOrder('')).toEqual({ ok: false, message: 'Thứ tự không được để trống' });
    expect(parseProfessionOrder('   ')).toEqual({ ok: false, message: 'Thứ tự không được để trống' });
  });

  it('refuses negatives, fractions, text and overflow', () => {
    for (const raw of ['-1', '1.5', 'abc', '1e3', '100001', '99999999999']) {
      expect(parseProfessionOrder(raw)).toEqual({ ok: false, message: 'Thứ tự phải là số nguyên từ 0 đến 100.000' });
    }
  });
});

describe('professionCreateSchema', () => {
  it('trims and requires the name, icon optional', () => {
    expect(professionCreateSchema.parse({ name: '  Sửa xe ', icon: ' 🔧 ' })).toEqual({ name: 'Sửa xe', icon: '🔧' });
    const result = professionCreateSchema.safeParse({ name: '  ', icon: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tên ngành nghề không thể để trống');
  });
  it('bounds the name to 100 and the icon to 64 characters, naming the field', () => {
    expect(professionCreateSchema.safeParse({ name: 'a'.repeat(100), icon: '' }).success).toBe(true);
    expect(professionCreateSchema.safeParse({ name: 'a'.repeat(101), icon: '' }).error?.issues[0]?.message).toBe('Tên ngành nghề tối đa 100 ký tự');
    expect(professionCreateSchema.safeParse({ name: 'Y tế', icon: 'i'.repeat(65) }).error?.issues[0]?.message).toBe('Biểu tượng tối đa 64 ký tự');
  });
});
