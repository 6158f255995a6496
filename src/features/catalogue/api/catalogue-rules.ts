// Validation of services (subcategories) and packages (service items), docs/product.md#input-rules. The database
// enforces the same rules with check constraints; the limits come from src/lib/input/input-bounds.ts.
import { z } from 'zod/mini';
import { MONEY_MAX, parseDecimalInput, parseWholeNumber, PRICE_MIN, SORT_ORDER_MAX, TEXT_MAX } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { catalogue } from '@/lib/messages/catalogue.ts';
import type { PackageRow } from './catalogue-types.ts';

const s = catalogue.services;
const p = catalogue.packages;

/** The longest texts of the catalogue forms (the database's bounds). */
export const CATALOGUE_MAX = {
  serviceName: TEXT_MAX['subcategories.name'],
  serviceIcon: TEXT_MAX['subcategories.icon'],
  packageName: TEXT_MAX['service_items.name'],
  duration: TEXT_MAX['service_items.duration'],
  description: TEXT_MAX['service_items.description'],
  jobDetails: TEXT_MAX['service_items.job_details'],
} as const;

/** Parses a number typed by a Vietnamese user ("12,5" or "12.5"); null when not a number (a sign included). */
export function parseDecimal(raw: string): number | null {
  const text = raw.trim();
  if (/^-\d+([.,]\d+)?$/.test(text)) return -(parseDecimalInput(text.slice(1)) ?? 0);
  return parseDecimalInput(text);
}

function tooLong(field: string, raw: string, max: number): string | null {
  return [...raw.trim()].length > max ? bounds.tooLong(field, max) : null;
}

export function validateServiceName(raw: string): string | null {
  return raw.trim() === '' ? s.nameRequired : tooLong(s.nameLabel, raw, CATALOGUE_MAX.serviceName);
}

export function validateServiceIcon(raw: string): string | null {
  return raw.trim() === '' ? s.iconRequired : tooLong(s.iconLabel, raw, CATALOGUE_MAX.serviceIcon);
}

/** Commission: a number from 0 to 100 with at most one decimal (input step 0.1). */
export function validateCommission(raw: string): string | null {
  const value = parseDecimal(raw);
  if (value === null || value < 0 || value > 100) return s.commissionInvalid;
  // subcategories_commission_rate_step: "12,55" is in range but off the 0.1 step; say that.
  if (Math.abs(value * 10 - Math.round(value * 10)) > 1e-9) return s.commissionStep(raw.trim());
  return null;
}

/** An order: a whole number from 0 to 100,000 (blank and "abc" refused, never read as 0). */
export function validateOrder(raw: string): string | null {
  const value = parseWholeNumber(raw);
  if (value === null || value > SORT_ORDER_MAX) return s.orderInvalid;
  return null;
}

/** A package price: whole VND from 1 to 1,000,000,000; the message names the field and the range. */
export function validatePrice(raw: string): string | null {
  const value = parseWholeNumber(raw);
  if (value === null || value < PRICE_MIN || value > MONEY_MAX) return bounds.moneyRange('Giá', PRICE_MIN, MONEY_MAX);
  return null;
}

export const newServiceSchema = z
  .object({
    name: z.string(),
    icon: z.string(),
    commissionRate: z.string(),
  })
  .check(z.superRefine((form, ctx) => {
    const name = validateServiceName(form.name);
    if (name !== null) ctx.addIssue({ code: 'custom', path: ['name'], message: name });
    const icon = validateServiceIcon(form.icon);
    if (icon !== null) ctx.addIssue({ code: 'custom', path: ['icon'], message: icon });
    const rate = validateCommission(form.commissionRate);
    if (rate !== null) ctx.addIssue({ code: 'custom', path: ['commissionRate'], message: rate });
  }));

export type NewServiceForm = z.infer<typeof newServiceSchema>;

const required = (field: string, max: number) => z.string().check(z.trim(), z.minLength(1, p.allRequired), z.maxLength(max, bounds.tooLong(field, max)));

/** Package add/edit form: every field non-blank and bounded, price whole VND from 1 to 1,000,000,000. */
export const packageSchema = z
  .object({
    subcategoryId: z.string().check(z.minLength(1, p.allRequired)),
    name: required(p.nameLabel, CATALOGUE_MAX.packageName),
    price: z.string().check(z.trim(), z.minLength(1, p.allRequired)),
    duration: required(p.durationLabel, CATALOGUE_MAX.duration),
    description: required(p.descriptionLabel, CATALOGUE_MAX.description),
    jobDetails: required(p.jobDetailsLabel, CATALOGUE_MAX.jobDetails),
  })
  .check(z.superRefine((form, ctx) => {
    if (form.price.trim() === '') return;
    const message = validatePrice(form.price);
    if (message !== null) ctx.addIssue({ code: 'custom', path: ['price'], message });
  }));

export type PackageForm = z.infer<typeof packageSchema>;

/** The columns the package form writes. */
export type PackageValues = Pick<PackageRow, 'subcategory_id' | 'name' | 'price' | 'duration' | 'description' | 'job_details'>;

export function toPackageValues(form: PackageForm): PackageValues {
  return {
    subcategory_id: form.subcategoryId,
    name: form.name.trim(),
    price: parseWholeNumber(form.price) ?? 0,
    duration: form.duration.trim(),
    description: form.description.trim(),
    job_details: form.jobDetails.trim(),
  };
}
