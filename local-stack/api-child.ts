// Entry point of an API server in a process of its own (run with `node --import tsx`), for the
// tests that SIGKILL it and for the load script, which reads its memory. The database, port and
// folders come from the environment (loadConfig: DATABASE_URL, API_PORT, SDV_DATA_DIR …); the
// parent talks to it over the IPC channel: {type:'ready', url}, and {type:'memory'} is answered
// with {type:'memory', rss, heapUsed, heapTotal, external} (after a full GC when --expose-gc).
import { loadConfig } from './config.ts';
import { createPool } from './db-session.ts';
import { startApiServer } from './server.ts';

interface MemoryRequest {
  type: 'memory' | 'stop';
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const pool = createPool(config.databaseUrl, Number(process.env.SDV_POOL_MAX ?? 20));
  const logLines = process.env.SDV_CHILD_LOG === '1';
  const server = await startApiServer({
    config,
    pool,
    dbUrl: config.databaseUrl,
    log: (line) => {
      if (logLines) console.log(line);
    },
  });
  process.on('message', (message: MemoryRequest) => {
    if (message.type === 'memory') {
      const collect = (globalThis as { gc?: () => void }).gc;
      if (collect) collect();
      const usage = process.memoryUsage();
      process.send?.({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external });
    } else if (message.type === 'stop') {
      void server
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0));
    }
  });
  process.send?.({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
