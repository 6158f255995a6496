// The Vietnamese message for a write the database refused on one of the input contract's
// constraints (docs/product.md#input-rules): PostgREST passes Postgres' text, which names the
// constraint ('… violates check constraint "categories_name_length"'). A form checks the same rules
// first; this is what a user sees when the database is the one to say no (a duplicate name, a value
// changed elsewhere, a crafted request).
import { MONEY_MAX, NUMBER_MAX, PRICE_MIN, TEXT_MAX, type NumberColumn, type TextColumn } from '@/lib/input/input-bounds.ts';
import { boundedFields, bounds } from '@/lib/messages/bounds.ts';

const NAMED: Record<string, string> = {
  categories_name_folded_key: bounds.nameTaken('Tên ngành nghề'),
  subcategories_category_name_folded_key: bounds.nameTaken('Tên dịch vụ'),
  service_items_subcategory_name_folded_key: bounds.nameTaken('Tên gói dịch vụ'),
  discount_codes_code_upper_key: bounds.nameTaken('Mã khuyến mãi'),
  discount_codes_code_format: bounds.promotionCodeInvalid,
  profiles_phone_format: bounds.phoneInvalid,
  profiles_email_format: bounds.emailInvalid,
  profiles_email_lower_key: bounds.emailTaken,
  profiles_email_follows_auth: bounds.emailReadOnly,
  // public.admin_set_profile_email (docs/decisions.md#an-admin-changes-the-sign-in-e-mail).
  profiles_email_required: bounds.emailRequired,
  profiles_email_taken: bounds.emailTaken,
  settings_admin_email_format: bounds.emailInvalid,
  settings_contact_phone_format: bounds.contactPhoneInvalid,
  messages_image_path: bounds.imagePathInvalid,
  bookings_provider_required: bounds.bookingProviderRequired,
  deposit_history_amount_step: bounds.depositAmountStep,
  deposit_history_balance_step: bounds.depositAmountStep,
  discount_codes_discount_value_step: bounds.promotionValueStep,
  discount_codes_max_uses_not_below_uses: bounds.promotionMaxBelowUses,
  subcategories_commission_rate_step: bounds.commissionStep,
  settings_commission_rate_step: bounds.commissionStep,
  settings_min_deposit_amount_step: bounds.minDepositStep,
};

function isTextColumn(key: string): key is TextColumn {
  return key in TEXT_MAX;
}

function isNumberColumn(key: string): key is NumberColumn {
  return key in NUMBER_MAX;
}

const TABLES = [...new Set([...Object.keys(TEXT_MAX), ...Object.keys(NUMBER_MAX)].map((key) => key.split('.')[0] ?? ''))];

/** `<table>_<column>_<kind>` → 'table.column', the table being one of the bounded tables. */
function columnOf(constraint: string, kind: 'length' | 'range'): string | undefined {
  if (!constraint.endsWith(`_${kind}`)) return undefined;
  const base = constraint.slice(0, -kind.length - 1);
  const table = TABLES.find((name) => base.startsWith(`${name}_`));
  return table === undefined ? undefined : `${table}.${base.slice(table.length + 1)}`;
}

/** "<field> phải từ … đến …", in VND for money columns (a package price starts at PRICE_MIN). */
function rangeMessage(column: NumberColumn): string {
  const max = NUMBER_MAX[column];
  if (max !== MONEY_MAX) return bounds.numberRange(boundedFields[column], 0, max);
  return bounds.moneyRange(boundedFields[column], column === 'service_items.price' ? PRICE_MIN : 0, max);
}

/** The message for the constraint named in a database error's text; undefined when it is not one of ours. */
export function constraintMessage(text: string): string | undefined {
  if (/sign-in e-mail/.test(text)) return bounds.emailReadOnly;
  const name = /constraint "([a-z0-9_]+)"/.exec(text)?.[1];
  if (name === undefined) return undefined;
  const named = NAMED[name];
  if (named !== undefined) return named;
  const text_ = columnOf(name, 'length');
  if (text_ !== undefined && isTextColumn(text_)) return bounds.tooLong(boundedFields[text_], TEXT_MAX[text_]);
  const number = columnOf(name, 'range');
  if (number !== undefined && isNumberColumn(number)) return rangeMessage(number);
  return undefined;
}
