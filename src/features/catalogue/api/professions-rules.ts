// Rules of the professions editor (docs/screens.md#professions, docs/decisions.md#professions-editor): a name must not be blank; the order is
// a whole number ≥ 0 (blank means 0); the create form's schema (zod) next to its mutation.
import { z } from 'zod';
import { professions as t } from '@/lib/messages/professions.ts';

export function validateProfessionName(raw: string): string | undefined {
  return raw.trim() === '' ? t.nameRequired : undefined;
}

export type ParsedOrder = { ok: true; value: number } | { ok: false; message: string };

/** '' → 0; '3' → 3; '-1', '1.5', 'abc' → refused with the Vietnamese message. */
export function parseProfessionOrder(raw: string): ParsedOrder {
  const text = raw.trim();
  if (text === '') return { ok: true, value: 0 };
  if (!/^\d+$/.test(text)) return { ok: false, message: t.orderInvalid };
  const value = Number(text);
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? { ok: true, value } : { ok: false, message: t.orderInvalid };
}

export const professionCreateSchema = z.object({
  name: z.string().trim().min(1, t.nameRequired),
  icon: z.string().trim().max(64),
});

export type ProfessionCreateInput = z.infer<typeof professionCreateSchema>;
