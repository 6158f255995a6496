// Inline edits of a provider's name, email, phone and status with optimistic concurrency: the
// update applies only to the version the admin saw (updated_at); otherwise the screen reloads and
// says another admin changed it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { supabase } from '@/lib/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import { providerKeys } from './keys.ts';
import type { ContactPatch } from '@/lib/profile-rules.ts';
import { PROVIDER_COLUMNS, toProfile, type ProviderProfile, type RawProfile } from './provider-query.ts';

export const CONFLICT_CODE = 'SDV_CONFLICT';

export type ProviderPatch = ContactPatch;

export interface UpdateProviderInput {
  id: string;
  patch: ProviderPatch;
  expectedUpdatedAt: string;
}

export async function updateProvider(input: UpdateProviderInput): Promise<ProviderProfile> {
  const rows = unwrap(
    await supabase
      .from('profiles')
      .update(input.patch)
      .eq('id', input.id)
      .eq('updated_at', input.expectedUpdatedAt)
      .select(PROVIDER_COLUMNS),
  );
  const row = rows?.[0];
  if (!row) throw new ApiError({ message: t.detail.conflict, code: CONFLICT_CODE, status: 409 });
  return toProfile(row as RawProfile);
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProvider,
    onSuccess: (profile) => {
      queryClient.setQueryData(providerKeys.detail(profile.id), profile);
      toast.success(t.detail.updated);
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === CONFLICT_CODE) {
        toast.error(t.detail.conflict);
        void queryClient.invalidateQueries({ queryKey: providerKeys.detail(input.id), exact: true });
      } else {
        toast.error(t.detail.updateFailed);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.lists() }),
  });
}
