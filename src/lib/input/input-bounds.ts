// The input contract (docs/product.md#input-rules): the length of every user-entered text and the
// range of every money and count value, the same numbers as the check constraints of the tables
// (supabase/migrations; src/lib/input/input-bounds.test.ts compares them with supabase/schema.snapshot.txt),
// and the formats the database checks (e-mail, Vietnamese phone, promotion code). Forms use these
// for zod, `maxLength` and their messages; a form check is a convenience, the constraint is the law.

/** Maximum length in characters of each text column, keyed `table.column`. */
export const TEXT_MAX = {
  'profiles.name': 100,
  'profiles.email': 254,
  'profiles.avatar_url': 2048,
  'categories.name': 100,
  'categories.icon': 64,
  'subcategories.name': 100,
  'subcategories.icon': 64,
  'service_items.name': 150,
  'service_items.duration': 100,
  'service_items.description': 2000,
  'service_items.job_details': 5000,
  'provider_documents.name': 255,
  'provider_documents.storage_path': 1024,
  'bookings.customer_name': 100,
  'bookings.customer_email': 254,
  'bookings.customer_phone': 20,
  'bookings.service_name': 100,
  'bookings.category_name': 100,
  'bookings.service_item_name': 150,
  'bookings.service_item_description': 2000,
  'bookings.service_item_job_details': 5000,
  'bookings.service_item_duration': 100,
  'bookings.address': 500,
  'bookings.note': 1000,
  'bookings.discount_code': 32,
  'reviews.customer_name': 100,
  'reviews.comment': 2000,
  'deposit_history.note': 500,
  'conversations.last_message': 2000,
  'messages.content': 2000,
  'settings.admin_email': 254,
  'settings.site_name': 100,
  'settings.site_description': 1000,
  'settings.contact_phone': 20,
  'settings.contact_address': 300,
  'settings.featured_banner_url': 2048,
  'settings.voucher_banner_url': 2048,
} as const;

/** Largest amount of money anywhere (a price, a promotion's fixed value, a deposit): 1 billion VND. */
export const MONEY_MAX = 1_000_000_000;

/** The step of money typed as whole thousands of VND (a deposit, a recorded balance, a balance adjustment). */
export const MONEY_STEP = 1000;

/** Upper bound of each money or count column, keyed `table.column` (the lower bounds are 0, 1 for a price). */
export const NUMBER_MAX = {
  'categories.sort_order': 100_000,
  'subcategories.sort_order': 100_000,
  'service_items.sort_order': 100_000,
  'service_items.price': MONEY_MAX,
  'bookings.service_item_price': MONEY_MAX,
  'bookings.original_price': MONEY_MAX,
  'bookings.final_price': MONEY_MAX,
  'bookings.discount_value': MONEY_MAX,
  'bookings.discount_amount': MONEY_MAX,
  'commissions.service_price': MONEY_MAX,
  'commissions.final_price': MONEY_MAX,
  'deposit_history.amount': MONEY_MAX,
  'discount_codes.discount_value': MONEY_MAX,
  'discount_codes.max_uses': 1_000_000,
  'discount_codes.uses_count': 1_000_000,
  'settings.min_deposit_amount': MONEY_MAX,
} as const;

export type TextColumn = keyof typeof TEXT_MAX;
export type NumberColumn = keyof typeof NUMBER_MAX;

/** Order boxes: a whole number from 0 to this. */
export const SORT_ORDER_MAX = NUMBER_MAX['categories.sort_order'];
/** A package price: whole VND from 1 to MONEY_MAX. */
export const PRICE_MIN = 1;
/** Commission rates and percentage promotions: 0 to 100. */
export const PERCENT_MAX = 100;
/** Longest search text, in characters (search-length.ts). */
export { SEARCH_MAX_LENGTH } from './search-length.ts';
/** Saved addresses of a profile: at most this many. */
export const SAVED_ADDRESSES_MAX = 20;

/** Promotion code once trimmed and upper-cased (discount_codes_code_format). */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;
export const PROMOTION_CODE_MAX = 32;

/** The same e-mail test as private.is_email. */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export function isEmail(value: string): boolean {
  return value.length <= TEXT_MAX['profiles.email'] && EMAIL_PATTERN.test(value);
}

/**
 * A Vietnamese phone number as private.normalize_vn_phone stores it: spaces and dots dropped, +84
 * written as 0, then 0 followed by 9 or 10 digits. Null when the text is not such a number.
 */
export function normalizeVietnamesePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[ .]/g, '');
  const local = /^\+84\d{9,10}$/.test(compact) ? `0${compact.slice(3)}` : compact;
  return /^0\d{9,10}$/.test(local) ? local : null;
}

/** The settings' contact phone: a Vietnamese number or a 1800 / 1900 hotline (settings_contact_phone_format). */
export function isContactPhone(raw: string): boolean {
  return normalizeVietnamesePhone(raw) !== null || /^1[89]00\d{4,6}$/.test(raw.trim().replace(/[ .]/g, ''));
}

/**
 * A whole number typed by a user: digits only (spaces and the dots or commas of thousands allowed
 * between groups, "1.000.000"), never "abc", "", "1e3", "-1" or "0x10". Null when it is not one.
 */
export function parseWholeNumber(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,3}([ .,]?\d{3})*$/.test(text) && !/^\d+$/.test(text)) return null;
  // A 20-digit number stays a (huge) number so that the range check names the limit.
  const value = Number(text.replace(/[ .,]/g, ''));
  return Number.isFinite(value) ? value : null;
}

/** A decimal typed by a Vietnamese user ("12,5" or "12.5"); null for anything else ("", "abc", "1e3"). */
export function parseDecimalInput(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
