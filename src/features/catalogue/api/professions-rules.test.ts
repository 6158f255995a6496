import { describe, expect, it } from 'vitest';
import { parseProfessionOrder, professionCreateSchema, validateProfessionName } from './professions-rules.ts';

describe('validateProfessionName', () => {
  it('refuses a blank name with the message of the catalogue', () => {
    expect(validateProfessionName('   ')).toBe('Tên ngành nghề không thể để trống');
    expect(validateProfessionName(' Y tế ')).toBeUndefined();
  });
});

describe('parseProfessionOrder', () => {
  it('reads whole numbers ≥ 0, blank as 0', () => {
    expect(parseProfessionOrder('3')).toEqual({ ok: true, value: 3 });
    expect(parseProfessionOrder(' 0 ')).toEqual({ ok: true, value: 0 });
    expect(parseProfessionOrder('')).toEqual({ ok: true, value: 0 });
  });

  it('refuses negatives, fractions, text and overflow', () => {
    for (const raw of ['-1', '1.5', 'abc', '1e3', '99999999999']) {
      expect(parseProfessionOrder(raw)).toEqual({ ok: false, message: 'Thứ tự phải là số nguyên không âm' });
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
});
