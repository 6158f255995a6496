// The image address of a banner stored in public.settings (featured_banner_url / voucher_banner_url,
// set by /admin/settings): null when unset or blank, and only http(s) addresses or site paths are
// used (never javascript:, data: or protocol-relative values, whatever the row holds).

export function bannerSrc(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const PUBLIC_OBJECT_PATH = '/storage/v1/object/public/';
const PUBLIC_RENDER_PATH = '/storage/v1/render/image/public/';

/**
 * The address of a banner at a given size. A banner stored in a public Storage bucket is asked of
 * Storage's image transformation (`/render/image/public/…?width=&height=&resize=cover`), so that the
 * page downloads an image of the size it shows instead of the uploaded original (up to 5 MB); other
 * addresses are returned as they are.
 */
export function sizedBannerSrc(src: string, width: number, height: number): string {
  let url: URL;
  try {
    url = new URL(src, 'http://site.invalid');
  } catch {
    return src;
  }
  if (!url.pathname.startsWith(PUBLIC_OBJECT_PATH)) return src;
  url.pathname = PUBLIC_RENDER_PATH + url.pathname.slice(PUBLIC_OBJECT_PATH.length);
  url.search = new URLSearchParams({ width: String(width), height: String(height), resize: 'cover' }).toString();
  return url.origin === 'http://site.invalid' ? url.pathname + url.search : url.href;
}

/** `src` and `srcSet` (1× and 2× of the shown size) of a banner shown at width × height. */
export function bannerImage(src: string, width: number, height: number): { src: string; srcSet: string | undefined } {
  const once = sizedBannerSrc(src, width, height);
  if (once === src) return { src, srcSet: undefined };
  return { src: once, srcSet: `${once} ${width}w, ${sizedBannerSrc(src, width * 2, height * 2)} ${width * 2}w` };
}
