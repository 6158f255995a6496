// What the inline edits and the ban card of a customer's or a provider's profile do after a save
// (docs/screens.md#customer-detail, docs/screens.md#provider-detail): the saved profile replaces the
// cached one and a toast says so; a conflict (someone changed the profile since it was read) is said
// and the profile reloads; the lists refresh either way. Each feature gives its own write (its
// columns), keys and texts. The e-mail is the sign-in e-mail: it goes through
// public.admin_set_profile_email, which changes the account too (saveProfileEmail).
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast.tsx';
import { ConflictError, unwrap } from '@/lib/errors/errors.ts';
import type { ContactPatch } from '@/lib/input/contact-rules.ts';
import { supabase } from '@/lib/supabase/supabase.ts';

/** One field of a profile, written only over the version the admin saw (its updated_at). */
export interface ProfileUpdateInput {
  id: string;
  patch: ContactPatch;
  expectedUpdatedAt: string;
}

/**
 * Changes a customer's or a provider's sign-in e-mail over the version the admin saw: the account,
 * its e-mail identity and the profile in one transaction, the old and the new address notified
 * (docs/decisions.md#an-admin-changes-the-sign-in-e-mail). A ConflictError(`conflict`) when the
 * profile changed meanwhile; a refusal (blank, not an e-mail, used by another account) is thrown
 * for the editor to say.
 */
export async function saveProfileEmail(input: { id: string; email: string; expectedUpdatedAt: string }, conflict: string): Promise<void> {
  const updatedAt = unwrap(
    await supabase.rpc('admin_set_profile_email', { p_id: input.id, p_email: input.email, p_expected_updated_at: input.expectedUpdatedAt }),
  );
  if (updatedAt === null) throw new ConflictError(conflict);
}

export function useProfileUpdate<Profile extends { id: string }>({
  update,
  keys,
  texts,
}: {
  update: (input: ProfileUpdateInput) => Promise<Profile>;
  keys: { detail: (id: string) => QueryKey; lists: () => QueryKey };
  texts: { updated: string; updateFailed: string; conflict: string };
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onSuccess: (profile) => {
      queryClient.setQueryData(keys.detail(profile.id), profile);
      toast.success(texts.updated);
    },
    onError: (error, input) => {
      if (error instanceof ConflictError) {
        toast.error(texts.conflict);
        void queryClient.invalidateQueries({ queryKey: keys.detail(input.id), exact: true });
      } else {
        toast.error(texts.updateFailed);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.lists() }),
  });
}
