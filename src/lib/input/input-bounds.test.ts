// The forms' bounds (input-bounds.ts) are the database's (docs/product.md#input-rules): every length
// and range constraint of the schema has the same number here, and back. The schema is read from
// supabase/schema.snapshot.txt, the normalised catalogue that supabase/migrations give
// (`npm run check:schema` keeps it equal to them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isContactPhone,
  isEmail,
  normalizeVietnamesePhone,
  NUMBER_MAX,
  parseDecimalInput,
  parseWholeNumber,
  PROMOTION_CODE_PATTERN,
  TEXT_MAX,
} from './input-bounds.ts';

const schema = readFileSync(new URL('../../../supabase/schema.snapshot.txt', import.meta.url), 'utf8');

/** The `<table>_<column>_length` / `_range` check constraints of the tables of `public`, as `table.column` → number. */
function sqlBounds(kind: 'length' | 'range'): Record<string, number> {
  const result: Record<string, number> = {};
  let table = '';
  for (const line of schema.split('\n')) {
    if (line.startsWith('## ')) {
      table = /^## table public\.(\w+)$/.exec(line)?.[1] ?? '';
      continue;
    }
    if (!table) continue;
    const check =
      kind === 'length'
        ? /^constraint \w+_length c CHECK \(\(char_length\((\w+)\) <= (\d+)\)\)$/.exec(line)
        : /^constraint \w+_range c CHECK \(\((\w+) <= \(?(\d+)\)?(?:::\w+)?\)\)$/.exec(line);
    if (check?.[1] && check[2]) result[`${table}.${check[1]}`] = Number(check[2]);
  }
  return result;
}

describe('input bounds mirror the database', () => {
  it('every text length of the schema, and no other', () => {
    expect(sqlBounds('length')).toEqual(TEXT_MAX);
  });
  it('every money and count range of the schema, and no other', () => {
    expect(sqlBounds('range')).toEqual(NUMBER_MAX);
  });
  it('the promotion code pattern is the check constraint', () => {
    expect(schema).toContain(`constraint discount_codes_code_format c CHECK ((code ~ '${PROMOTION_CODE_PATTERN.source}'::text))`);
  });
  it('the phone and e-mail rules are the functions of the database', () => {
    expect(schema).toContain("~ '^\\+84[0-9]{9,10}$'");
    expect(schema).toContain("p_value ~ '^0[0-9]{9,10}$'");
    expect(schema).toContain("[a-z0-9.!#$%&''*+/=?^_`{|}~-]{1,64}@");
  });
});

describe('formats', () => {
  it('normalises Vietnamese phone numbers as the database does', () => {
    expect(normalizeVietnamesePhone('+84 912.345.678')).toBe('0912345678');
    expect(normalizeVietnamesePhone(' 0912 345 6789 ')).toBe('09123456789');
    expect(normalizeVietnamesePhone('abc-xyz')).toBeNull();
    expect(normalizeVietnamesePhone('-123')).toBeNull();
    expect(normalizeVietnamesePhone('091234567')).toBeNull();
    expect(normalizeVietnamesePhone('+1 212 555 0100')).toBeNull();
  });
  it('accepts a hotline as the contact phone', () => {
    expect(isContactPhone('1900 6868')).toBe(true);
    expect(isContactPhone('abc')).toBe(false);
  });
  it('checks e-mails', () => {
    expect(isEmail('ten@congty.vn')).toBe(true);
    expect(isEmail('a@')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.vn')).toBe(false);
  });
  it('never reads "abc", blank or exponents as a number', () => {
    expect(parseWholeNumber('abc')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
    expect(parseWholeNumber('   ')).toBeNull();
    expect(parseWholeNumber('1e3')).toBeNull();
    expect(parseWholeNumber('-1')).toBeNull();
    expect(parseWholeNumber('0x10')).toBeNull();
    expect(parseWholeNumber('12.5')).toBeNull();
    expect(parseWholeNumber('1.000.000')).toBe(1_000_000);
    expect(parseWholeNumber('250000')).toBe(250_000);
    expect(parseDecimalInput('12,5')).toBe(12.5);
    expect(parseDecimalInput('abc')).toBeNull();
    expect(parseDecimalInput('')).toBeNull();
  });
});
