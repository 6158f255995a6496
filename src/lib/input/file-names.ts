// Object names for Storage uploads. Storage accepts ASCII object keys only, so a user's file name
// ('Ảnh CCCD mặt trước.JPG') is turned into a safe last path segment before upload.

const MAX_FILE_NAME_LENGTH = 120;

/**
 * A storage-safe file name: Vietnamese letters lose their marks (đ → d), every run of other
 * characters (spaces, brackets, '/', '\', non-Latin letters) becomes one '-', dot runs become one
 * '.' (or vanish between dashes), a '-' before the extension is dropped, leading/trailing '-' and '.' are removed (no '..' or hidden names), at most
 * 120 characters are kept (the end, so the extension survives) and an empty result is `fallback`.
 */
export function safeFileName(fileName: string, fallback = 'file'): string {
  const trim = (value: string) => value.replace(/^[-.]+|[-.]+$/g, '');
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
  const cleaned = trim(
    ascii
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/\.{2,}/g, '.')
      .replace(/-?\.+-/g, '-')
      .replace(/-\./g, '.'),
  );
  const short = trim(cleaned.slice(-MAX_FILE_NAME_LENGTH));
  return short === '' ? fallback : short;
}
