// The settings screen's own wording for load and save failures (docs/product.md#messages-and-errors): permission denied
// and service unavailable get their sentences; anything else falls back to the shared mapping.
import { isNetworkError, toVietnameseMessage } from '@/lib/errors/errors.ts';
import { settings as t } from '@/lib/messages/settings.ts';

function fields(error: unknown): { code: string; status: number } {
  if (typeof error !== 'object' || error === null) return { code: '', status: 0 };
  const record = error as Record<string, unknown>;
  const status = typeof record.status === 'number' ? record.status : Number(record.statusCode ?? 0) || 0;
  return { code: typeof record.code === 'string' ? record.code : '', status };
}

export function settingsLoadError(error: unknown): string {
  const { code, status } = fields(error);
  if (code === '42501' || status === 403) return t.loadPermissionDenied;
  return toVietnameseMessage(error, { action: 'load' });
}

export function settingsSaveError(error: unknown): string {
  const { code, status } = fields(error);
  if (code === '42501' || status === 403) return t.savePermissionDenied;
  if (status === 503 || code.startsWith('08') || isNetworkError(error)) return t.saveUnavailable;
  const message = toVietnameseMessage(error, { action: 'save' });
  return message === '' ? t.saveFailed : message;
}
