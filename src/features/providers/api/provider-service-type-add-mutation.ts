// Adding a service type to a provider. A duplicate (also when another admin added it meanwhile) is
// refused by the primary key and reported with the catalogue's alert.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { providerKeys } from './keys.ts';

export const DUPLICATE_CODE = '23505';

export class DuplicateServiceTypeError extends ApiError {
  constructor() {
    super({ message: t.detail.serviceTypes.duplicate, code: DUPLICATE_CODE, status: 409 });
  }
}

/** Refuses locally when already present, then inserts (the primary key refuses races too). */
export async function addServiceType(input: { providerId: string; subcategoryId: string; current: readonly string[] }): Promise<void> {
  if (input.current.includes(input.subcategoryId)) throw new DuplicateServiceTypeError();
  const result = await supabase
    .from('provider_service_types')
    .insert({ provider_id: input.providerId, subcategory_id: input.subcategoryId });
  if (result.error && result.error.code === DUPLICATE_CODE) throw new DuplicateServiceTypeError();
  unwrap(result);
}

export function useAddServiceType(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addServiceType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.serviceTypes(providerId) }),
  });
}
