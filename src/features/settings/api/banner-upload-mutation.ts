// Uploading a banner (featured or voucher): the image goes to the public bucket `banners` at
// `{kind}_{timestamp}_{filename}` (type and 5 MB checked here first, and again by the bucket), its
// public URL is stored in settings and the previous stored file is removed. Uploads report progress
// (XMLHttpRequest, same wire format as supabase-js: a raw body with the file's content type).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/errors.ts';
import { runtimeConfig } from '@/lib/config.ts';
import { supabase } from '@/lib/supabase.ts';
import { settingsKeys } from './keys.ts';
import type { SettingsRow } from './settings-query.ts';
import { BANNER_BUCKET, bannerPath, validateBannerFile, type BannerKind } from './settings-rules.ts';
import { setBannerUrl, removeStored } from './banner-storage.ts';

function storageError(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { statusCode?: string | number; error?: string; message?: string };
    const code = Number(parsed.statusCode ?? status);
    return new ApiError({ message: parsed.message ?? parsed.error ?? body, status: Number.isFinite(code) ? code : status, code: '' });
  } catch {
    return new ApiError({ message: body || `HTTP ${status}`, status, code: '' });
  }
}

function uploadWithProgress(path: string, file: File, token: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${runtimeConfig.supabaseUrl}/storage/v1/object/${BANNER_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', runtimeConfig.supabaseAnonKey);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('content-type', file.type);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(storageError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(file);
  });
}

export async function uploadBanner(kind: BannerKind, file: File, previousUrl: string | null, onProgress: (percent: number) => void): Promise<SettingsRow> {
  const invalid = validateBannerFile(file);
  if (invalid !== null) throw new ApiError({ message: invalid, code: 'invalid_file', status: 0 });
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (token === undefined) throw new ApiError({ message: 'session_not_found', code: 'session_not_found', status: 401 });
  const path = bannerPath(kind, file.name);
  await uploadWithProgress(path, file, token, onProgress);
  const publicUrl = supabase.storage.from(BANNER_BUCKET).getPublicUrl(path).data.publicUrl;
  let row: SettingsRow;
  try {
    row = await setBannerUrl(kind, publicUrl);
  } catch (error) {
    // Keep storage and settings consistent: the new file is not referenced, remove it.
    await supabase.storage.from(BANNER_BUCKET).remove([path]);
    throw error;
  }
  if (previousUrl !== null && previousUrl !== publicUrl) {
    await removeStored(previousUrl).catch(() => undefined);
  }
  return row;
}

export function useUploadBanner(kind: BannerKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, previousUrl, onProgress }: { file: File; previousUrl: string | null; onProgress: (percent: number) => void }) =>
      uploadBanner(kind, file, previousUrl, onProgress),
    onSuccess: (row) => queryClient.setQueryData(settingsKeys.detail(), row),
  });
}
