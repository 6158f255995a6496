// A provider's service types (provider_service_types): the chosen services' ids, oldest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export function providerServiceTypesQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: providerKeys.serviceTypes(providerId),
    queryFn: async (): Promise<string[]> => {
      const rows = unwrap(
        await supabase
          .from('provider_service_types')
          .select('subcategory_id, created_at')
          .eq('provider_id', providerId)
          .order('created_at', { ascending: true }),
      );
      return (rows ?? []).map((row) => row.subcategory_id);
    },
  });
}

export function useProviderServiceTypes(providerId: string) {
  return useQuery(providerServiceTypesQueryOptions(providerId));
}
