// Uploads to Storage with progress, for the admin's document and banner uploads: the same request
// supabase-js sends (POST /storage/v1/object/{bucket}/{path}, raw body with the file's content
// type, x-upsert false) made with XMLHttpRequest, which reports upload progress. A refusal is
// rejected with Storage's error body, shaped like supabase-js's StorageApiError so that
// lib/errors/errors.ts maps it to the same Vietnamese message.
import { runtimeConfig } from './config.ts';
import { ApiError } from '@/lib/errors/errors.ts';
import { supabase } from './supabase.ts';

interface StorageErrorBody {
  name: string;
  statusCode: string;
  message: string;
  error: string;
}

function storageErrorFrom(status: number, body: string): StorageErrorBody {
  try {
    const parsed = JSON.parse(body) as Partial<Record<'statusCode' | 'message' | 'error', unknown>>;
    return {
      name: 'StorageApiError',
      statusCode: typeof parsed.statusCode === 'string' || typeof parsed.statusCode === 'number' ? String(parsed.statusCode) : String(status),
      message: typeof parsed.message === 'string' ? parsed.message : body,
      error: typeof parsed.error === 'string' ? parsed.error : '',
    };
  } catch {
    return { name: 'StorageApiError', statusCode: String(status), message: body || `HTTP ${status}`, error: '' };
  }
}

/** Uploads `file` to `bucket`/`path` as the signed-in admin, reporting progress in percent. */
export async function uploadWithProgress(bucket: string, path: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiError({ message: 'session missing', code: 'session_not_found', status: 401 });
  const url = `${runtimeConfig.supabaseUrl}/storage/v1/object/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', runtimeConfig.supabaseAnonKey);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(storageErrorFrom(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(storageErrorFrom(0, JSON.stringify({ statusCode: '499', error: 'canceled', message: 'Upload canceled' })));
    xhr.send(file);
  });
}
