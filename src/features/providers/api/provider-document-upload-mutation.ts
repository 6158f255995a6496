// Uploading a provider document with progress (XMLHttpRequest against the Storage API, the way
// supabase-js would send it, but with upload progress events), then recording its row; if recording
// fails the file is removed again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { runtimeConfig } from '@/lib/config.ts';
import { supabase } from '@/lib/supabase.ts';
import { DOCUMENT_BUCKET, checkDocumentFile, defaultDocumentName, documentPath } from './document-rules.ts';
import { providerKeys } from './keys.ts';
import type { ProviderDocument } from './provider-documents-query.ts';

/** The storage error of a failed upload, shaped like Storage's body so lib/errors.ts maps it. */
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
    return { name: 'StorageApiError', statusCode: String(status), message: body, error: '' };
  }
}

/** PUT-less upload with progress: POST /storage/v1/object/{bucket}/{path}, raw body, x-upsert false. */
export function uploadWithProgress(path: string, file: Blob, token: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${runtimeConfig.supabaseUrl}/storage/v1/object/${DOCUMENT_BUCKET}/${path}`);
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

export interface UploadDocumentInput {
  providerId: string;
  file: File;
  /** Optional; defaults to the file name without extension. */
  name: string;
  onProgress: (percent: number) => void;
}

export async function uploadProviderDocument(input: UploadDocumentInput): Promise<ProviderDocument> {
  const refusal = checkDocumentFile(input.file);
  if (refusal) throw new ApiError({ message: refusal, code: 'SDV_FILE_REFUSED', status: 400 });
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiError({ message: 'session missing', code: 'session_not_found', status: 401 });
  const path = documentPath(input.providerId, input.file.name, Date.now());
  await uploadWithProgress(path, input.file, token, input.onProgress);
  const name = input.name.trim() === '' ? defaultDocumentName(input.file.name) : input.name.trim();
  const result = await supabase
    .from('provider_documents')
    .insert({ provider_id: input.providerId, name, type: 'image', storage_path: path })
    .select('id, name, type, storage_path, uploaded_at')
    .single();
  if (result.error) {
    // Nothing half-done: the row was not recorded, so the file goes too.
    await supabase.storage.from(DOCUMENT_BUCKET).remove([path]);
  }
  return unwrap(result);
}

export function useUploadDocument(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProviderDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.documents(providerId) }),
  });
}
