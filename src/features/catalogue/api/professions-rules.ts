// Rules of the professions editor (docs/screens.md#professions, docs/decisions.md#professions-editor,
// docs/product.md#input-rules): a name is not blank and at most 100 characters (unique whatever the
// case and accents: the database's unique index answers that one); an icon at most 64 characters; the
// order a whole number from 0 to 100,000 — a blank or "abc" box is refused, never read as 0. The
// create form's schema (zod) sits next to its mutation.
import { z } from 'zod/mini';
import { parseWholeNumber, SORT_ORDER_MAX, TEXT_MAX } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { professions as t } from '@/lib/messages/professions.ts';

export const PROFESSION_NAME_MAX = TEXT_MAX['categories.name'];
export const PROFESSION_ICON_MAX = TEXT_MAX['categories.icon'];

export function validateProfessionName(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return t.nameRequired;
  return [...value].length > PROFESSION_NAME_MAX ? bounds.tooLong(t.columns.name, PROFESSION_NAME_MAX) : undefined;
}

export function validateProfessionIcon(raw: string): string | undefined {
  return [...raw.trim()].length > PROFESSION_ICON_MAX ? bounds.tooLong(t.columns.icon, PROFESSION_ICON_MAX) : undefined;
}

export type ParsedOrder = { ok: true; value: number } | { ok: false; message: string };

/** '3' → 3; '', 'abc', '-1', '1.5', '1e3' or above 100,000 → refused with the Vietnamese message. */
export function parseProfessionOrder(raw: string): ParsedOrder {
  if (raw.trim() === '') return { ok: false, message: t.orderRequired };
  const value = parseWholeNumber(raw);
  if (value === null || value > SORT_ORDER_MAX) return { ok: false, message: t.orderInvalid };
  return { ok: true, value };
}

export const professionCreateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, t.nameRequired), z.maxLength(PROFESSION_NAME_MAX, bounds.tooLong(t.columns.name, PROFESSION_NAME_MAX))),
  icon: z.string().check(z.trim(), z.maxLength(PROFESSION_ICON_MAX, bounds.tooLong(t.columns.icon, PROFESSION_ICON_MAX))),
});

export type ProfessionCreateInput = z.infer<typeof professionCreateSchema>;
