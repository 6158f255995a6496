import { describe, expect, it } from 'vitest';
import { constraintMessage } from './constraint-messages.ts';
import { toVietnameseMessage } from './errors.ts';

const refusal = (constraint: string, code = '23514') => ({
  code,
  message: `new row for relation "x" violates check constraint "${constraint}"`,
  details: '',
  hint: '',
});

describe('constraintMessage (docs/product.md#input-rules)', () => {
  it('names the rule the database refused', () => {
    expect(constraintMessage('duplicate key value violates unique constraint "categories_name_folded_key"')).toBe(
      'Tên ngành nghề đã tồn tại (không phân biệt hoa thường và dấu)',
    );
    expect(constraintMessage(refusal('discount_codes_code_format').message)).toContain('3–32 ký tự');
    expect(constraintMessage(refusal('profiles_phone_format').message)).toContain('Số điện thoại không hợp lệ');
    expect(constraintMessage(refusal('service_items_description_length').message)).toBe('Mô tả tối đa 2.000 ký tự');
    expect(constraintMessage(refusal('profiles_name_length').message)).toBe('Họ tên tối đa 100 ký tự');
    expect(constraintMessage(refusal('service_items_price_range').message)?.replace(/\u00a0/g, ' ')).toBe(
      'Giá phải từ 1 ₫ đến 1.000.000.000 ₫',
    );
    expect(constraintMessage(refusal('discount_codes_max_uses_range').message)).toBe(
      'Số lượt dùng tối đa phải là số nguyên từ 0 đến 1.000.000',
    );
    expect(constraintMessage('profiles.email is the sign-in e-mail and changes only with it')).toContain('Email đăng nhập');
    expect(constraintMessage(refusal('bookings_provider_required').message)).toBe(
      'Booking chờ hoàn thành hoặc đã hoàn thành phải có nhà cung cấp: chọn nhà cung cấp trước khi đổi trạng thái',
    );
  });
  it('leaves other constraints to the generic mapping', () => {
    expect(constraintMessage(refusal('bookings_status_check').message)).toBeUndefined();
  });
  it('is what toVietnameseMessage shows for such a refusal instead of "Giá trị không hợp lệ"', () => {
    expect(toVietnameseMessage(refusal('categories_name_folded_key', '23505'), { action: 'save' })).toBe(
      'Tên ngành nghề đã tồn tại (không phân biệt hoa thường và dấu)',
    );
  });
});
