// Removing a provider document: the row first, then the stored file.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { DOCUMENT_BUCKET } from './document-rules.ts';
import { providerKeys } from './keys.ts';
import { ProviderDocument } from './provider-documents-query.ts';

export async function removeProviderDocument(document: ProviderDocument): Promise<void> {
  unwrap(await supabase.from('provider_documents').delete().eq('id', document.id).select('id'));
  const { error } = await supabase.storage.from(DOCUMENT_BUCKET).remove([document.storage_path]);
  if (error) throw error;
}

export function useRemoveDocument(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProviderDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.documents(providerId) }),
  });
}
