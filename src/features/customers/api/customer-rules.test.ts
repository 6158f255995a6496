import { describe, expect, it } from 'vitest';
import { nameOrEmailFilter, validateCustomerField } from './customer-rules.ts';

describe('validateCustomerField', () => {
  it('refuses blank values with the spec messages', () => {
    expect(validateCustomerField('name', '   ')).toBe('Tên không được để trống');
    expect(validateCustomerField('email', '')).toBe('Email không được để trống');
    expect(validateCustomerField('phone', ' ')).toBe('Số điện thoại không được để trống');
  });

  it('needs an @ in the email', () => {
    expect(validateCustomerField('email', 'khach.example.com')).toBe('Email không hợp lệ');
    expect(validateCustomerField('email', ' khach@example.com ')).toBeUndefined();
  });

  it('accepts trimmed non-blank names and phones', () => {
    expect(validateCustomerField('name', ' Nguyễn Văn An ')).toBeUndefined();
    expect(validateCustomerField('phone', '0901 234 567')).toBeUndefined();
  });
});

describe('nameOrEmailFilter', () => {
  it('searches both columns case-insensitively', () => {
    expect(nameOrEmailFilter(' Lan ')).toBe('name.ilike.*Lan*,email.ilike.*Lan*');
  });

  it('is null for a blank search', () => {
    expect(nameOrEmailFilter('  ')).toBeNull();
    expect(nameOrEmailFilter('(),')).toBeNull();
  });

  it('cannot break out of the or=(…) syntax and matches wildcards literally', () => {
    expect(nameOrEmailFilter('a,b)or(c')).toBe('name.ilike.*a b or c*,email.ilike.*a b or c*');
    expect(nameOrEmailFilter('100%_x')).toBe('name.ilike.*100\\%\\_x*,email.ilike.*100\\%\\_x*');
  });
});
