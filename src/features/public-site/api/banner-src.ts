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
