// Validation of services (subcategories) and packages (service items), docs/product.md#input-rules. The database
// enforces the same rules with check constraints.
import { z } from 'zod';
import { catalogue } from '@/lib/messages/catalogue.ts';
import type { PackageRow } from './catalogue-types.ts';

const s = catalogue.services;
const p = catalogue.packages;

/** Parses a number typed by a Vietnamese user ("12,5" or "12.5"); null when not a number. */
export function parseDecimal(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function validateServiceName(raw: string): string | null {
  return raw.trim() === '' ? s.nameRequired : null;
}

export function validateServiceIcon(raw: string): string | null {
  return raw.trim() === '' ? s.iconRequired : null;
}

/** Commission: a number from 0 to 100 with at most one decimal (input step 0.1). */
export function validateCommission(raw: string): string | null {
  const value = parseDecimal(raw);
  if (value === null || value < 0 || value > 100) return s.commissionInvalid;
  if (Math.abs(value * 10 - Math.round(value * 10)) > 1e-9) return s.commissionInvalid;
  return null;
}

export function validateOrder(raw: string): string | null {
  const value = parseDecimal(raw);
  if (value === null || value < 0 || !Number.isInteger(value)) return s.orderInvalid;
  return null;
}

export const newServiceSchema = z
  .object({
    name: z.string(),
    icon: z.string(),
    commissionRate: z.string(),
  })
  .superRefine((form, ctx) => {
    const name = validateServiceName(form.name);
    if (name !== null) ctx.addIssue({ code: 'custom', path: ['name'], message: name });
    const icon = validateServiceIcon(form.icon);
    if (icon !== null) ctx.addIssue({ code: 'custom', path: ['icon'], message: icon });
    const rate = validateCommission(form.commissionRate);
    if (rate !== null) ctx.addIssue({ code: 'custom', path: ['commissionRate'], message: rate });
  });

export type NewServiceForm = z.infer<typeof newServiceSchema>;

const required = z.string().trim().min(1, p.allRequired);

/** Package add/edit form: every field non-blank, price a whole number of VND greater than 0. */
export const packageSchema = z
  .object({
    subcategoryId: z.string().min(1, p.allRequired),
    name: required,
    price: z.string().trim().min(1, p.allRequired),
    duration: required,
    description: required,
    jobDetails: required,
  })
  .superRefine((form, ctx) => {
    if (form.price.trim() === '') return;
    const price = parseDecimal(form.price);
    if (price === null || price <= 0 || !Number.isInteger(price)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: p.priceInvalid });
    }
  });

export type PackageForm = z.infer<typeof packageSchema>;

/** The columns the package form writes. */
export type PackageValues = Pick<PackageRow, 'subcategory_id' | 'name' | 'price' | 'duration' | 'description' | 'job_details'>;

export function toPackageValues(form: PackageForm): PackageValues {
  return {
    subcategory_id: form.subcategoryId,
    name: form.name.trim(),
    price: Number(form.price.trim().replace(',', '.')),
    duration: form.duration.trim(),
    description: form.description.trim(),
    job_details: form.jobDetails.trim(),
  };
}
