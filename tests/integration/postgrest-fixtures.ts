// Creates the fixtures of the PostgREST conformance tests (fixtures/postgrest.sql) once per test
// stack, whichever test file asks first, and waits until the REST schema cache has them.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { apiFetch, sql } from './helpers.ts';

const FIXTURES = readFileSync(new URL('./fixtures/postgrest.sql', import.meta.url), 'utf8');

export async function ensurePostgrestFixtures(): Promise<void> {
  // One creator at a time: test files run in parallel workers.
  await sql(`
    do $fixtures$
    begin
      perform pg_advisory_xact_lock(7317001);
      if to_regclass('public.collections') is null then
        execute ${literal(FIXTURES)};
      end if;
    end
    $fixtures$`);
  await sql(`notify pgrst, 'reload schema'`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await apiFetch('/rest/v1/rpc/fx_scalar', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    await response.arrayBuffer();
    if (response.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the REST schema cache never saw the PostgREST fixtures');
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Asserts a PostgREST error answer: its HTTP status and its whole body. */
export function expectError(
  response: { status: number; json: () => unknown },
  status: number,
  body: { code: string; message: string; details: string | null; hint: string | null },
): void {
  expect({ status: response.status, body: response.json() }).toEqual({ status, body });
}
