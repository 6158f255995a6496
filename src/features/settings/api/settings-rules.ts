// The settings form (docs/screens.md#settings-and-banners, docs/product.md#input-rules) and the banner upload rules. The database enforces the same
// ranges and lengths (check constraints, bounds of src/lib/input/input-bounds.ts) and the bucket enforces type and size.
import { z } from 'zod/mini';
import { safeFileName } from '@/lib/input/file-names.ts';
import { formatDate, isIsoDay, todayInVietnamIso } from '@/lib/format/format.ts';
import { isContactPhone, isEmail, MONEY_MAX, parseWholeNumber, TEXT_MAX } from '@/lib/input/input-bounds.ts';
import { bounds } from '@/lib/messages/bounds.ts';
import { settings as t } from '@/lib/messages/settings.ts';

/** The longest texts of the settings form (the database's bounds). */
export const SETTINGS_MAX = {
  adminEmail: TEXT_MAX['settings.admin_email'],
  contactPhone: TEXT_MAX['settings.contact_phone'],
  contactAddress: TEXT_MAX['settings.contact_address'],
  siteName: TEXT_MAX['settings.site_name'],
  siteDescription: TEXT_MAX['settings.site_description'],
} as const;

const bounded = (field: string, max: number) => z.string().check(z.refine((value) => [...value.trim()].length <= max, bounds.tooLong(field, max)));

export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_KINDS = ['featured', 'voucher'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];
export const BANNER_BUCKET = 'banners';
export const RECOMMENDED_SIZE: Record<BannerKind, string> = { featured: '1200x400', voucher: '1200x300' };

function decimal(raw: string): number | null {
  const text = raw.trim().replace(',', '.');
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Store links (docs/screens.md#settings-and-banners): empty, or https without spaces, ≤ 500 characters (as the database checks). */
export const STORE_URL_MAX = 500;

function storeUrlIssue(raw: string, field: string): string | null {
  const url = raw.trim();
  if (url === '') return null;
  if (url.length > STORE_URL_MAX) return t.stores.tooLong(field, STORE_URL_MAX);
  if (!/^https:\/\/[^\s/?#]+\S*$/.test(url) || !URL.canParse(url)) return t.stores.invalid(field);
  return null;
}

export const settingsSchema = z
  .object({
    adminEmail: z.string().check(
      z.trim(),
      z.minLength(1, t.required),
      z.maxLength(SETTINGS_MAX.adminEmail, bounds.tooLong(t.fields.adminEmail, SETTINGS_MAX.adminEmail)),
      z.refine((value) => value === '' || isEmail(value), t.emailInvalid),
    ),
    contactPhone: bounded(t.fields.contactPhone, SETTINGS_MAX.contactPhone).check(
      z.refine((value) => value.trim() === '' || isContactPhone(value), bounds.contactPhoneInvalid),
    ),
    contactAddress: bounded(t.fields.contactAddress, SETTINGS_MAX.contactAddress),
    siteName: z.string().check(z.trim(), z.minLength(1, t.required), z.maxLength(SETTINGS_MAX.siteName, bounds.tooLong('Tên website', SETTINGS_MAX.siteName))),
    siteDescription: bounded('Mô tả website', SETTINGS_MAX.siteDescription),
    commissionRate: z.string(),
    minDepositAmount: z.string(),
    maintenanceMode: z.boolean(),
    appStoreUrl: z.string(),
    googlePlayUrl: z.string(),
    privacyPolicyUpdatedOn: z.string(),
  })
  .check(z.superRefine((form, ctx) => {
    for (const [path, field] of [
      ['appStoreUrl', t.stores.appStoreUrl],
      ['googlePlayUrl', t.stores.googlePlayUrl],
    ] as const) {
      const message = storeUrlIssue(form[path], field);
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    }
    // The policy's date: a day that exists, not after today in Vietnam (it says when the text changed).
    const privacyDay = form.privacyPolicyUpdatedOn.trim();
    if (!isIsoDay(privacyDay)) {
      ctx.addIssue({ code: 'custom', path: ['privacyPolicyUpdatedOn'], message: t.privacyDateInvalid });
    } else if (privacyDay > todayInVietnamIso()) {
      ctx.addIssue({ code: 'custom', path: ['privacyPolicyUpdatedOn'], message: t.privacyDateFuture(formatDate(`${todayInVietnamIso()}T12:00:00Z`)) });
    }
    const rate = decimal(form.commissionRate);
    if (rate === null || rate < 0 || rate > 100) {
      ctx.addIssue({ code: 'custom', path: ['commissionRate'], message: t.commissionInvalid });
    } else if (Math.abs(rate * 10 - Math.round(rate * 10)) > 1e-9) {
      ctx.addIssue({ code: 'custom', path: ['commissionRate'], message: t.commissionStep });
    }
    const deposit = parseWholeNumber(form.minDepositAmount);
    if (deposit === null) {
      ctx.addIssue({ code: 'custom', path: ['minDepositAmount'], message: t.minDepositInvalid });
    } else if (deposit > MONEY_MAX) {
      ctx.addIssue({ code: 'custom', path: ['minDepositAmount'], message: bounds.moneyRange('Số tiền ký quỹ tối thiểu', 0, MONEY_MAX) });
    } else if (deposit % 1000 !== 0) {
      ctx.addIssue({ code: 'custom', path: ['minDepositAmount'], message: t.minDepositStep });
    }
  }));

export type SettingsForm = z.infer<typeof settingsSchema>;

export interface SettingsRowLike {
  admin_email: string;
  contact_phone: string;
  contact_address: string;
  site_name: string;
  site_description: string;
  commission_rate: number | string;
  min_deposit_amount: number | string;
  maintenance_mode: boolean;
  app_store_url: string | null;
  google_play_url: string | null;
  privacy_policy_updated_on: string;
}

export function toSettingsForm(row: SettingsRowLike): SettingsForm {
  return {
    adminEmail: row.admin_email,
    contactPhone: row.contact_phone,
    contactAddress: row.contact_address,
    siteName: row.site_name,
    siteDescription: row.site_description,
    commissionRate: String(Number(row.commission_rate)),
    minDepositAmount: String(Number(row.min_deposit_amount)),
    maintenanceMode: row.maintenance_mode,
    appStoreUrl: row.app_store_url ?? '',
    googlePlayUrl: row.google_play_url ?? '',
    privacyPolicyUpdatedOn: row.privacy_policy_updated_on,
  };
}

export interface SettingsUpdate {
  admin_email: string;
  contact_phone: string;
  contact_address: string;
  site_name: string;
  site_description: string;
  commission_rate: number;
  min_deposit_amount: number;
  maintenance_mode: boolean;
  app_store_url: string | null;
  google_play_url: string | null;
  privacy_policy_updated_on: string;
}

export function toSettingsUpdate(form: SettingsForm): SettingsUpdate {
  return {
    admin_email: form.adminEmail.trim(),
    contact_phone: form.contactPhone.trim(),
    contact_address: form.contactAddress.trim(),
    site_name: form.siteName.trim(),
    site_description: form.siteDescription.trim(),
    commission_rate: Number(form.commissionRate.trim().replace(',', '.')),
    min_deposit_amount: parseWholeNumber(form.minDepositAmount) ?? 0,
    maintenance_mode: form.maintenanceMode,
    app_store_url: form.appStoreUrl.trim() || null,
    google_play_url: form.googlePlayUrl.trim() || null,
    privacy_policy_updated_on: form.privacyPolicyUpdatedOn.trim(),
  };
}

/** Type and size checks before any upload; null when the file may be sent. */
export function validateBannerFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return t.banners.invalidType;
  if (file.size > BANNER_MAX_BYTES) return t.banners.tooLarge;
  return null;
}

/** Object path in the banners bucket: `{kind}_{timestamp}_{filename}`. */
export function bannerPath(kind: BannerKind, fileName: string, now: number = Date.now()): string {
  return `${kind}_${now}_${safeFileName(fileName, 'banner')}`;
}

/**
 * The object path of a banner URL when it points at our own banners bucket
 * (`…/storage/v1/object/public/banners/<path>`); null for any other URL (nothing to delete).
 */
export function bannerPathFromUrl(url: string | null | undefined, supabaseUrl: string): string | null {
  if (url === null || url === undefined || url === '') return null;
  const prefix = `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${BANNER_BUCKET}/`;
  if (!url.startsWith(prefix)) return null;
  const path = decodeURIComponent(url.slice(prefix.length).split('?')[0] ?? '');
  return path === '' ? null : path;
}
