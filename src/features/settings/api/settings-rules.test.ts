import { describe, expect, it } from 'vitest';
import {
  bannerPath,
  bannerPathFromUrl,
  settingsSchema,
  toSettingsUpdate,
  validateBannerFile,
} from './settings-rules.ts';
import { settings as t } from '@/lib/messages/settings.ts';

const valid = {
  adminEmail: 'admin@sandichvu.vn',
  contactPhone: '1900 1234',
  contactAddress: 'Hà Nội',
  siteName: 'Sàn Dịch Vụ',
  siteDescription: '',
  commissionRate: '10',
  minDepositAmount: '200000',
  maintenanceMode: false,
  appStoreUrl: '',
  googlePlayUrl: '',
  privacyPolicyUpdatedOn: '2026-11-25',
};

function messagesOf(input: typeof valid): string[] {
  const result = settingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('settings form', () => {
  it('the privacy policy\'s date: a day that exists, not after today in Vietnam', () => {
    expect(messagesOf({ ...valid, privacyPolicyUpdatedOn: '2026-02-31' })).toEqual([t.privacyDateInvalid]);
    expect(messagesOf({ ...valid, privacyPolicyUpdatedOn: '' })).toEqual([t.privacyDateInvalid]);
    expect(messagesOf({ ...valid, privacyPolicyUpdatedOn: '2999-01-01' })).toHaveLength(1);
    expect(messagesOf({ ...valid, privacyPolicyUpdatedOn: '2999-01-01' })[0]).toMatch(/^Ngày cập nhật chính sách không được sau hôm nay \(\d{2}\/\d{2}\/\d{4}\)$/);
    expect(toSettingsUpdate(settingsSchema.parse({ ...valid, privacyPolicyUpdatedOn: '2026-03-15' }))).toMatchObject({ privacy_policy_updated_on: '2026-03-15' });
  });

  it('accepts valid settings and converts them', () => {
    expect(messagesOf(valid)).toEqual([]);
    expect(toSettingsUpdate(settingsSchema.parse({ ...valid, commissionRate: '12,5' }))).toMatchObject({
      commission_rate: 12.5,
      min_deposit_amount: 200000,
    });
  });

  it('store links: empty (null) or https without spaces, at most 500 characters', () => {
    const store = 'https://apps.apple.com/vn/app/san-dich-vu/id1';
    expect(toSettingsUpdate(settingsSchema.parse({ ...valid, appStoreUrl: ` ${store} ` }))).toMatchObject({
      app_store_url: store,
      google_play_url: null,
    });
    expect(messagesOf({ ...valid, appStoreUrl: 'http://apps.apple.com' })).toEqual([t.stores.invalid(t.stores.appStoreUrl)]);
    expect(messagesOf({ ...valid, googlePlayUrl: 'https://play.google.com/a b' })).toEqual([t.stores.invalid(t.stores.googlePlayUrl)]);
    expect(messagesOf({ ...valid, googlePlayUrl: 'https://' })).toEqual([t.stores.invalid(t.stores.googlePlayUrl)]);
    expect(messagesOf({ ...valid, googlePlayUrl: `https://a.vn/${'x'.repeat(500)}` })).toEqual([t.stores.tooLong(t.stores.googlePlayUrl, 500)]);
  });

  it('checks the commission range and step', () => {
    expect(messagesOf({ ...valid, commissionRate: '100.5' })).toEqual([t.commissionInvalid]);
    expect(messagesOf({ ...valid, commissionRate: '10.25' })).toEqual([t.commissionStep]);
  });

  it('checks the minimum deposit', () => {
    expect(messagesOf({ ...valid, minDepositAmount: '-1000' })).toEqual([t.minDepositInvalid]);
    expect(messagesOf({ ...valid, minDepositAmount: '1500' })).toEqual([t.minDepositStep]);
  });

  it('bounds every text and the minimum deposit as the database does (docs/product.md#input-rules)', () => {
    expect(messagesOf({ ...valid, siteName: 'x'.repeat(101) })).toEqual(['Tên website tối đa 100 ký tự']);
    expect(messagesOf({ ...valid, siteDescription: 'x'.repeat(1001) })).toEqual(['Mô tả website tối đa 1.000 ký tự']);
    expect(messagesOf({ ...valid, contactAddress: 'x'.repeat(301) })).toEqual(['Địa chỉ liên hệ tối đa 300 ký tự']);
    expect(messagesOf({ ...valid, adminEmail: 'a@' })).toEqual([t.emailInvalid]);
    expect(messagesOf({ ...valid, contactPhone: 'abc-xyz' })).toEqual([
      'Số điện thoại không hợp lệ: số Việt Nam (0… hoặc +84…) hoặc tổng đài 1800 / 1900',
    ]);
    expect(messagesOf({ ...valid, contactPhone: '1900 6868' })).toEqual([]);
    expect(messagesOf({ ...valid, minDepositAmount: 'abc' })).toEqual([t.minDepositInvalid]);
    expect(messagesOf({ ...valid, minDepositAmount: '' })).toEqual([t.minDepositInvalid]);
    expect(messagesOf({ ...valid, minDepositAmount: '99999999999999999999' }).map((m) => m.replace(/\u00a0/g, ' '))).toEqual([
      'Số tiền ký quỹ tối thiểu phải từ 0 ₫ đến 1.000.000.000 ₫',
    ]);
  });

  it('requires the admin email and site name', () => {
    expect(messagesOf({ ...valid, adminEmail: ' ' })).toEqual([t.required]);
    expect(messagesOf({ ...valid, adminEmail: 'khong-phai-email' })).toEqual([t.emailInvalid]);
    expect(messagesOf({ ...valid, siteName: '' })).toEqual([t.required]);
  });
});

describe('banners', () => {
  it('accepts images up to 5 MB only', () => {
    expect(validateBannerFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateBannerFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(t.banners.tooLarge);
    expect(validateBannerFile({ type: 'application/pdf', size: 10 })).toBe(t.banners.invalidType);
  });

  it('names objects {kind}_{timestamp}_{filename}', () => {
    expect(bannerPath('featured', 'Ảnh bìa Tết.png', 1700000000000)).toBe('featured_1700000000000_Anh-bia-Tet.png');
    expect(bannerPath('voucher', '../../etc/passwd', 1)).toBe('voucher_1_etc-passwd');
    expect(bannerPath('voucher', 'Ưu đãi.png', 1)).toBe('voucher_1_Uu-dai.png');
  });

  it('finds the stored object of a banner URL', () => {
    const base = 'http://127.0.0.1:54321';
    expect(bannerPathFromUrl(`${base}/storage/v1/object/public/banners/voucher_1_a.png`, base)).toBe('voucher_1_a.png');
    expect(bannerPathFromUrl('https://cdn.example.com/a.png', base)).toBeNull();
    expect(bannerPathFromUrl(null, base)).toBeNull();
  });
});
