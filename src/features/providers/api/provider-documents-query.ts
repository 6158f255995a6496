// A provider's documents: the rows of provider_documents (files in the private bucket
// provider-documents), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export interface ProviderDocument {
  id: string;
  name: string;
  type: string;
  storage_path: string;
  uploaded_at: string;
}

export function providerDocumentsQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.documents(providerId),
    queryFn: async (): Promise<ProviderDocument[]> =>
      unwrap(
        await supabase
          .from('provider_documents')
          .select('id, name, type, storage_path, uploaded_at')
          .eq('provider_id', providerId)
          .order('uploaded_at', { ascending: false }),
      ) ?? [],
  });
}

export function useProviderDocuments(providerId: string) {
  return useQuery(providerDocumentsQueryOptions(providerId));
}
