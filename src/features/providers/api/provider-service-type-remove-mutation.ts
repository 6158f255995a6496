// Removing a service type from a provider.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors/errors.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export async function removeServiceType(input: { providerId: string; subcategoryId: string }): Promise<void> {
  unwrap(
    await supabase
      .from('provider_service_types')
      .delete()
      .eq('provider_id', input.providerId)
      .eq('subcategory_id', input.subcategoryId),
  );
}

export function useRemoveServiceType(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeServiceType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.serviceTypes(providerId) }),
  });
}
