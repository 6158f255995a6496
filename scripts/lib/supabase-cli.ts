// Runs the Supabase CLI (used for `gen types` and `db advisors`, which need no Docker in 3.x).
// The CLI is not a dependency in package.json: the npm registry this project uses does not carry
// every platform package of its newest versions, which would leave package-lock.json unusable for
// `npm ci`. It is fetched on first use by npx (into npm's cache) at the pinned version.
import { spawn } from 'node:child_process';
import { ROOT_DIR } from '../../local-stack/config.ts';

export const SUPABASE_CLI_VERSION = '3.1.0';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runSupabaseCli(args: string[]): Promise<CliResult> {
  const command = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const fullArgs = ['--yes', `supabase@${SUPABASE_CLI_VERSION}`, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, { cwd: ROOT_DIR, env: { ...process.env, DO_NOT_TRACK: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
