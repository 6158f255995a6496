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
    for (const bad of ['-0.1', '100.1', 'abc', '']) expect(validateCommission(bad)).toBe(s.commissionInvalid);
    // In range but off the 0.1 step: the message says what is wrong with it.
    expect(validateCommission('12.55')).toBe('Tỷ lệ hoa hồng chỉ có tối đa một chữ số thập phân (bước 0,1, ví dụ 12,5); 12.55 không hợp lệ');
    expect(validateCommission(' 12,55 ')).toBe(s.commissionStep('12,55'));
  });

  it('wants whole non-negative orders', () => {
    expect(validateOrder('3')).toBeNull();
    expect(validateOrder('-1')).toBe(s.orderInvalid);
    expect(validateOrder('1.5')).toBe(s.orderInvalid);
    expect(validateOrder('abc')).toBe(s.orderInvalid);
    expect(validateOrder('')).toBe(s.orderInvalid);
    expect(validateOrder('100001')).toBe('Thứ tự phải là số nguyên từ 0 đến 100.000');
  });

  it('bounds service names to 100 and icons to 64 characters, naming the field', () => {
    expect(validateServiceName('a'.repeat(100))).toBeNull();
    expect(validateServiceName('a'.repeat(101))).toBe('Tên dịch vụ tối đa 100 ký tự');
    expect(validateServiceIcon('i'.repeat(65))).toBe('Biểu tượng tối đa 64 ký tự');
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
  it('bounds each text, naming the field and the limit', () => {
    const base = {
      subcategoryId: 'a',
      name: 'Gói',
      price: '1',
      duration: '1 giờ',
      description: 'Mô tả',
      jobDetails: 'Chi tiết',
    };
    const first = (patch: Partial<typeof base>) => {
      const result = packageSchema.safeParse({ ...base, ...patch });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(first({ name: 'x'.repeat(151) })).toBe('Tên gói tối đa 150 ký tự');
    expect(first({ duration: 'x'.repeat(101) })).toBe('Thời lượng tối đa 100 ký tự');
    expect(first({ description: 'x'.repeat(2001) })).toBe('Mô tả tối đa 2.000 ký tự');
    expect(first({ jobDetails: 'x'.repeat(5001) })).toBe('Chi tiết công việc tối đa 5.000 ký tự');
  });

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
    const range = 'Giá phải từ 1 ₫ đến 1.000.000.000 ₫';
    for (const price of ['0', '-5', 'abc', '12.5', '1e3', '99999999999999999999', '1000000001']) {
      const result = packageSchema.safeParse({ ...valid, price });
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message.replace(/\u00a0/g, ' '))).toEqual([range]);
    }
    expect(packageSchema.safeParse({ ...valid, price: '1000000000' }).success).toBe(true);
  });
});
