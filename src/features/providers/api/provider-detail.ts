// One provider's profile, and the inline edits of name, email, phone and status with optimistic
// concurrency: the update applies only to the version the admin saw (updated_at); otherwise the
// screen reloads and says another admin changed it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/errors.ts';
import { providers as t } from '@/lib/messages/providers.ts';
import { supabase } from '@/lib/supabase.ts';
import { toast } from '@/components/ui/toast.tsx';
import { providerKeys } from './keys.ts';
import { readSavedAddresses, type SavedAddress } from './profile-rules.ts';
import type { ContactPatch } from '@/lib/profile-rules.ts';

export type { SavedAddress } from './profile-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CONFLICT_CODE = 'SDV_CONFLICT';

export interface ProviderProfile {
  id: string;
  role: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatar_url: string | null;
  status: string;
  deposit: number;
  total_earnings: number;
  saved_addresses: SavedAddress[];
  last_login_at: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, role, name, email, phone, avatar_url, status, deposit, total_earnings, saved_addresses, last_login_at, created_at, updated_at';

type RawProfile = Omit<ProviderProfile, 'saved_addresses'> & { saved_addresses: unknown };

function toProfile(row: RawProfile): ProviderProfile {
  return { ...row, saved_addresses: readSavedAddresses(row.saved_addresses) };
}

export function providerDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.detail(id),
    queryFn: async (): Promise<ProviderProfile | null> => {
      if (!UUID.test(id)) return null;
      const row = unwrap<RawProfile | null>(await supabase.from('profiles').select(COLUMNS).eq('id', id).eq('role', 'provider').maybeSingle());
      return row ? toProfile(row) : null;
    },
  });
}

export function useProviderDetail(id: string) {
  return useQuery(providerDetailQueryOptions(id));
}

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
      .select(COLUMNS),
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
