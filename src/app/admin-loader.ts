// The loader of every admin route (docs/architecture.md#routes-and-loaders), loaded with the
// screen's own loader module beside the screen's chunk. For a signed-in admin it fills the React
// Query cache with the second-factor setting the gate reads and the screen's first queries; the
// navigation waits for them (React Router shows the pending bar meanwhile), so the screen renders
// with its rows. Each query is tried once (`once`); a failed one is not thrown: the screen shows
// its own error state, and its own query retries.
import type { LoaderFunction } from 'react-router-dom';
import { adminMfaRequirementQueryOptions } from '@/features/auth/api/admin-mfa-requirement-query.ts';
import { isAdminSession } from '@/features/auth/components/auth-context.ts';
import { once, type ScreenLoader } from '@/lib/query/screen-loader.ts';
import { supabase } from '@/lib/supabase/supabase.ts';
import { adminQueryClient } from './admin-query-client.ts';

export function adminLoader(load?: ScreenLoader): LoaderFunction {
  return async ({ request, params }) => {
    const { data } = await supabase.auth.getSession();
    // Signed out (or not an admin): the admin root shows the login screen, nothing to read.
    if (!isAdminSession(data.session) || request.signal.aborted) return null;
    const url = new URL(request.url);
    await Promise.allSettled([
      adminQueryClient.ensureQueryData(once(adminMfaRequirementQueryOptions())),
      load?.({ queryClient: adminQueryClient, url, params }),
    ]);
    return null;
  };
}
