import { describe, expect, it } from 'vitest';
import {
  newServiceSchema,
  packageSchema,
  parseDecimal,
  toPackageValues,
  validateCommission,
  validateOrder,
  validateServiceIcon,
  validateServiceName,
} from './catalogue-rules.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';

const s = catalogue.services;
const p = catalogue.packages;

describe('service rules', () => {
  it('parses Vietnamese decimals', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal(' 7 ')).toBe(7);
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });

  it('rejects blank names and icons', () => {
    expect(validateServiceName('  ')).toBe(s.nameRequired);
    expect(validateServiceIcon('')).toBe(s.iconRequired);
    expect(validateServiceName('Sửa điện')).toBeNull();
  });

  it('accepts commissions from 0 to 100 in steps of 0.1', () => {
    for (const ok of ['0', '100', '12.5', '99,9']) expect(validateCommission(ok)).toBeNull();
    for (const bad of ['-0.1', '100.1', 'abc', '', '12.55']) expect(validateCommission(bad)).toBe(s.commissionInvalid);
  });

  it('wants whole non-negative orders', () => {
    expect(validateOrder('3')).toBeNull();
    expect(validateOrder('-1')).toBe(s.orderInvalid);
    expect(validateOrder('1.5')).toBe(s.orderInvalid);
  });

  it('reports each rule of the add form', () => {
    const result = newServiceSchema.safeParse({ name: ' ', icon: '', commissionRate: '150' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      s.nameRequired,
      s.iconRequired,
      s.commissionInvalid,
    ]);
  });
});

describe('package rules', () => {
  const valid = {
    subcategoryId: 'a',
    name: 'Gói cơ bản',
    price: '150000',
    duration: '2 giờ',
    description: 'Vệ sinh máy lạnh',
    jobDetails: 'Tháo lắp, rửa lưới lọc',
  };

  it('accepts a complete package', () => {
    expect(toPackageValues(packageSchema.parse(valid))).toEqual({
      subcategory_id: 'a',
      name: 'Gói cơ bản',
      price: 150000,
      duration: '2 giờ',
      description: 'Vệ sinh máy lạnh',
      job_details: 'Tháo lắp, rửa lưới lọc',
    });
  });

  it('wants every field and a positive price', () => {
    const blank = packageSchema.safeParse({ ...valid, jobDetails: '  ' });
    expect(blank.success ? [] : blank.error.issues.map((issue) => issue.message)).toEqual([p.allRequired]);
    for (const price of ['0', '-5', 'abc']) {
      const result = packageSchema.safeParse({ ...valid, price });
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([p.priceInvalid]);
    }
  });
});
