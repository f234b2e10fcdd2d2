/** A `chaind start` process for tests: free ports, waiting for log lines, clean stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { startArgs } from '../run-chaind.ts';
export { freePort } from '../../helpers/free-port.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface NodeProcess {
  readonly child: ChildProcess;
  /** everything written to stderr so far */
  readonly stderr: () => string;
  /** resolves with the first match of `pattern` in stderr (rejects when the process ends first) */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** resolves when the process exits by itself */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then the exit */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startChaind(args: readonly string[]): NodeProcess {
  const child = spawn(process.execPath, [join(ROOT, 'bin/chaind'), ...startArgs(['start', ...args])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', () => undefined);
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const w of [...waiters]) {
      const m = err.match(w.pattern);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    stderr: () => err,
    waitFor(pattern, timeoutMs = 20_000) {
      const m = err.match(pattern);
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stderr:\n${err}`)), timeoutMs);
        waiters.push({
          pattern,
          resolve: (match) => {
            clearTimeout(timer);
            resolve(match);
          },
        });
        void exited.then(() => {
          clearTimeout(timer);
          const late = err.match(pattern);
          if (late) resolve(late);
          else reject(new Error(`chaind exited before ${pattern}; stderr:\n${err}`));
        });
      });
    },
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** One JSON-RPC call over HTTP POST; returns `result` (throws on `error`). */
export async function rpc<T = any>(port: number, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result as T;
}

/** Polls the node's `tx` RPC until the tx is in a block (10 s at most); returns the RPC's result. */
export async function waitForTx(port: number, txhash: string): Promise<{ height: string; tx_result: { code: number; log: string } }> {
  for (let i = 0; i < 200; i++) {
    const found = await rpc(port, 'tx', { hash: Buffer.from(txhash, 'hex').toString('base64') }).catch(() => undefined);
    if (found) return found as { height: string; tx_result: { code: number; log: string } };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`tx ${txhash} not committed`);
}
