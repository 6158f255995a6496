import { describe, expect, it } from 'vitest';
import { settingsLoadError, settingsSaveError } from './settings-errors.ts';
import { settings as t } from '@/lib/messages/settings.ts';

describe('settings error messages', () => {
  it('names permission problems', () => {
    expect(settingsLoadError({ code: '42501', message: 'permission denied', status: 403 })).toBe(t.loadPermissionDenied);
    expect(settingsSaveError({ code: '42501', message: 'new row violates row-level security policy', status: 403 })).toBe(
      t.savePermissionDenied,
    );
  });

  it('names an unavailable service', () => {
    expect(settingsSaveError({ code: '', message: 'Service Unavailable', status: 503 })).toBe(t.saveUnavailable);
  });

  it('falls back to the shared mapping: a 500 says the server failed', () => {
    expect(settingsSaveError({ code: 'XX000', message: 'boom', status: 500 })).toBe('Máy chủ gặp lỗi khi xử lý yêu cầu. Vui lòng thử lại sau.');
    expect(settingsSaveError({ code: 'P0001', message: 'boom', status: 400 })).toContain('boom');
  });
});
