// Uploading a provider document with progress (src/lib/supabase/storage-upload.ts), then recording its row;
// if recording fails the file is removed again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { DOCUMENT_BUCKET, checkDocumentFile, defaultDocumentName, documentPath } from './document-rules.ts';
import { providerKeys } from './keys.ts';
import type { ProviderDocument } from './provider-documents-query.ts';

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
  const path = documentPath(input.providerId, input.file.name, Date.now());
  // The upload code loads with the first upload, not with the screen (docs/architecture.md#lazy-parts).
  const { uploadWithProgress } = await import('@/lib/supabase/storage-upload.ts');
  await uploadWithProgress(DOCUMENT_BUCKET, path, input.file, input.onProgress);
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
