// Sets the authenticator role's `pgrst.*` settings the way Supabase projects do
// (`alter role authenticator set pgrst.… = '…'`), tells the REST server (`notify pgrst, 'reload config'`)
// and waits until a request sees them. The settings are global to the test stack: a test file that
// changes them puts them back in its afterAll (files run one at a time).
import { sql } from './helpers.ts';

/** null resets a setting. */
export async function setAuthenticatorSettings(settings: Record<string, string | null>, ready: () => Promise<boolean> = async () => true): Promise<void> {
  for (const [name, value] of Object.entries(settings)) {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`not a setting name: ${name}`);
    if (value === null) await sql(`alter role authenticator reset pgrst.${name}`);
    else await sql(`alter role authenticator set pgrst.${name} = '${value.replace(/'/g, "''")}'`);
  }
  await sql(`notify pgrst, 'reload config'`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the REST server never applied ${JSON.stringify(settings)}`);
}
