/**
 * A throwaway Redis server for tests (Debian's `redis-server`, installed by the project's setup):
 * a free port on 127.0.0.1, no persistence, answering PING before `startRedis` resolves.
 * Tests that need it use `describe.skipIf(!redisAvailable())`: absent on CI is a failure
 * (`requireRedisOnCi`), absent elsewhere a skip, as the Chromium test of the audit report does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from '../cli/node/node-process.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** True when the tests that need Redis run here: the server exists, or this is CI (where its absence must fail). */
export function redisAvailable(): boolean {
  return existsSync(REDIS_SERVER) || !!process.env.CI;
}

export interface RedisServer {
  readonly port: number;
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  stop(): Promise<void>;
}

/** One PING round trip: true when the server answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.once('error', () => resolve(false));
    socket.on('data', (d) => {
      reply += d.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
  });
}

/** `port`: a given port (a server started again where a stopped one was); default a free one. */
export async function startRedis(opts: { port?: number } = {}): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: the queue tests need a Redis server (Debian: apt-get install redis-server; .ci/run installs it)`);
  }
  const port = opts.port ?? (await freePort());
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d.toString('utf8')));
  child.stderr!.on('data', (d) => (output += d.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  // the server answers within a few hundred milliseconds; give up after 10 s
  for (let i = 0; i < 200 && !(await ping(port)); i++) {
    if (gone) throw new Error(`redis-server on port ${port} exited before answering PING:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await ping(port))) {
    child.kill('SIGKILL');
    throw new Error(`redis-server on port ${port} did not answer PING:\n${output}`);
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
