// Starts api-child.ts in a child process (its own pid, so it can be SIGKILLed or measured) and
// waits until it listens.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ApiMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface ApiProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Output of the child so far (stdout and stderr). */
  output(): string;
  memory(): Promise<ApiMemory>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./api-child.ts', import.meta.url));

export function spawnApi(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ApiProcess> {
  const child = fork(CHILD, [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const kill = async (signal: NodeJS.Signals = 'SIGKILL'): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      void kill();
      reject(new Error(`API child did not start in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.once('exit', (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`API child exited (${code ?? signal ?? '?'}) before it was ready:\n${output}`));
    });
    child.on('message', function onReady(message: { type?: string; url?: string }) {
      if (message.type !== 'ready' || !message.url) return;
      ready = true;
      clearTimeout(timer);
      child.off('message', onReady);
      const pid = child.pid;
      if (pid === undefined) throw new Error('child without pid');
      resolve({
        url: message.url,
        pid,
        child,
        output: () => output,
        memory: () =>
          new Promise<ApiMemory>((resolveMemory, rejectMemory) => {
            const onMessage = (reply: { type?: string } & Partial<ApiMemory>): void => {
              if (reply.type !== 'memory') return;
              child.off('message', onMessage);
              resolveMemory({ rss: reply.rss ?? 0, heapUsed: reply.heapUsed ?? 0, heapTotal: reply.heapTotal ?? 0, external: reply.external ?? 0 });
            };
            child.on('message', onMessage);
            if (!child.send({ type: 'memory' })) rejectMemory(new Error('API child is gone'));
          }),
        kill,
        stop: async () => {
          if (child.connected) child.send({ type: 'stop' });
          const timeout = setTimeout(() => void kill(), 10_000);
          await exited;
          clearTimeout(timeout);
        },
      });
    });
  });
}
