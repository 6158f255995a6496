// /user/identities of Supabase Auth for the signed-in user. Both routes exist only when
// [auth] enable_manual_linking is on (otherwise 404 manual_linking_disabled, as Supabase Auth):
// GET /user/identities/authorize starts linking an OAuth provider — the local stack has none, so it
// answers as Supabase Auth does for a provider that is not enabled — and DELETE
// /user/identities/{id} unlinks one identity, never the last one. The list of identities is the
// `identities` field of GET /user (supabase-js' getUserIdentities reads it there).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { actAs } from './email-flows.ts';
import type { CurrentUser } from './guards.ts';
import { AuthError, queryOf, sendAuthJson, validationFailed } from './http.ts';
import { withTransaction } from './sessions.ts';
import { isUuid } from './users.ts';

export async function handleIdentities(
  config: StackConfig,
  pool: pg.Pool,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  current: CurrentUser,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (!config.project.auth.enable_manual_linking) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  if (rest === '/authorize' && method === 'GET') {
    const provider = queryOf(req).get('provider') ?? '';
    throw validationFailed(`Unsupported provider: ${provider === '' ? 'provider is required' : 'provider is not enabled'}`);
  }
  const match = /^\/([^/]+)$/.exec(rest);
  if (!match || method !== 'DELETE') throw new AuthError(404, 'not_found', 'Not found');
  const identityId = match[1]!;
  if (!isUuid(identityId)) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string; provider: string }>(
      'select id, provider from auth.identities where user_id = $1 order by created_at for update',
      [current.user.id],
    );
    if (rows.length <= 1) throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    const identity = rows.find((row) => row.id === identityId);
    if (!identity) throw new AuthError(422, 'identity_not_found', "Identity doesn't exist");
    await actAs(client, current.user.id);
    await client.query('delete from auth.identities where id = $1', [identity.id]);
    await client.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers',
         coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = $1), '[]'::jsonb)), updated_at = now()
       where id = $1`,
      [current.user.id],
    );
  });
  sendAuthJson(res, 200, {});
}
