// Document upload rules (docs/product.md#input-rules), checked before anything is sent (the bucket enforces the
// same limits): image types only, at most 5 MB; the name defaults to the file name without its
// extension; the object goes to provider-documents at {providerId}/{timestamp}-{filename}.
import { safeFileName } from '@/lib/input/file-names.ts';
import { providers as t } from '@/lib/messages/providers.ts';

export const DOCUMENT_BUCKET = 'provider-documents';
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** The Vietnamese refusal for a file that may not be uploaded, or undefined when it may. */
export function checkDocumentFile(file: FileLike): string | undefined {
  if (!file.type.startsWith('image/')) return t.detail.documents.notImage;
  if (file.size > MAX_DOCUMENT_BYTES) return t.detail.documents.tooLarge;
  return undefined;
}

/** "Giấy phép kinh doanh.final.png" → "Giấy phép kinh doanh.final". */
export function defaultDocumentName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.trim() === '' ? fileName : base.trim();
}

/** {providerId}/{timestamp}-{filename}. */
export function documentPath(providerId: string, fileName: string, timestamp: number): string {
  return `${providerId}/${timestamp}-${safeFileName(fileName)}`;
}
