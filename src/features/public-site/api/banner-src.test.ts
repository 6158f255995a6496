import { describe, expect, it } from 'vitest';
import { bannerImage, bannerSrc, sizedBannerSrc } from './banner-src.ts';

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

describe('sizedBannerSrc / bannerImage', () => {
  const stored = 'http://127.0.0.1:54321/storage/v1/object/public/banners/featured_1700000000000_Anh-bia.png';

  it('asks Storage for the shown size of a banner of a public bucket', () => {
    expect(sizedBannerSrc(stored, 1200, 400)).toBe(
      'http://127.0.0.1:54321/storage/v1/render/image/public/banners/featured_1700000000000_Anh-bia.png?width=1200&height=400&resize=cover',
    );
    expect(bannerImage(stored, 600, 150)).toEqual({
      src: 'http://127.0.0.1:54321/storage/v1/render/image/public/banners/featured_1700000000000_Anh-bia.png?width=600&height=150&resize=cover',
      srcSet:
        'http://127.0.0.1:54321/storage/v1/render/image/public/banners/featured_1700000000000_Anh-bia.png?width=600&height=150&resize=cover 600w, ' +
        'http://127.0.0.1:54321/storage/v1/render/image/public/banners/featured_1700000000000_Anh-bia.png?width=1200&height=300&resize=cover 1200w',
    });
  });

  it('leaves other addresses as they are', () => {
    expect(bannerImage('/banners/slide-1.svg', 1200, 400)).toEqual({ src: '/banners/slide-1.svg', srcSet: undefined });
    expect(sizedBannerSrc('https://cdn.sandichvu.vn/banners/voucher.png', 1200, 300)).toBe('https://cdn.sandichvu.vn/banners/voucher.png');
  });
});
