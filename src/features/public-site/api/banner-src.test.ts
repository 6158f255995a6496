import { describe, expect, it } from 'vitest';
import { bannerSrc } from './banner-src.ts';

describe('bannerSrc', () => {
  it('is null when the banner is not set', () => {
    expect(bannerSrc(null)).toBeNull();
    expect(bannerSrc(undefined)).toBeNull();
    expect(bannerSrc('')).toBeNull();
    expect(bannerSrc('   ')).toBeNull();
  });

  it('keeps http(s) addresses of the banners bucket and site paths', () => {
    const stored = 'http://127.0.0.1:54321/storage/v1/object/public/banners/featured_1700000000000_Anh-bia.png';
    expect(bannerSrc(stored)).toBe(stored);
    expect(bannerSrc(` ${stored} `)).toBe(stored);
    expect(bannerSrc('https://cdn.sandichvu.vn/banners/voucher.png')).toBe('https://cdn.sandichvu.vn/banners/voucher.png');
    expect(bannerSrc('/banners/slide-1.svg')).toBe('/banners/slide-1.svg');
  });

  it('refuses other schemes, protocol-relative and malformed values', () => {
    expect(bannerSrc('javascript:alert(1)')).toBeNull();
    expect(bannerSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(bannerSrc('//evil.example/a.png')).toBeNull();
    expect(bannerSrc('banner.png')).toBeNull();
  });
});
