// How a changed value of a booking reads in its history (pure, unit-tested).
import { formatDateTime, formatVnd } from '@/lib/format/format.ts';
import { bookings as t } from '@/lib/messages/bookings.ts';
import { common } from '@/lib/messages/common.ts';
import type { Json } from '@/types/database.ts';

const MONEY_FIELDS = new Set(['final_price', 'original_price', 'discount_amount', 'service_item_price']);

/** A changed value as the admin reads it: status labels, VND, Vietnam times. */
export function formatHistoryValue(field: string, value: Json): string {
  if (value === null || value === '') return '—';
  if (field === 'status' && typeof value === 'string') {
    return (common.statuses.booking as Record<string, string>)[value] ?? value;
  }
  if (field === 'payment_method' && typeof value === 'string') return t.paymentMethods[value] ?? value;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatVnd(value);
  if (field.endsWith('_at') && typeof value === 'string') return formatDateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => String(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
