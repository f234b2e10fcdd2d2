/**
 * Runs a storage network's processes (the meta-node service, then each resource node) as child
 * processes of the compiled `nodeclient`, each told where the chain's RPC is; resolves once each
 * has printed where it listens (its one JSON line on stdout). Their logs go to `<home>/<name>.log`.
 * Used by `npm start` and the end-to-end tests, so that both run what a user runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StorageNetworkLayout } from './localnet-storage.ts';

export interface StorageProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** the JSON line the process printed once serving */
  readonly serving: Record<string, unknown>;
  readonly logFile: string;
}

export interface RunningStorageNetwork {
  readonly meta: StorageProcess;
  readonly resourceNodes: readonly StorageProcess[];
  /** `nodeclient ipfs` on the first resource node's home and IPC socket, when a port was given */
  readonly storageClient?: StorageProcess;
  stop(): Promise<void>;
}

/**
 * An executable's entry (`nodeclient`, `gateway`): its bundle (dist/bundle/, scripts/bundle.mjs),
 * else the compiled JavaScript (dist/cli/), else the TypeScript sources through tsx.
 */
function entryArgs(executable: 'nodeclient' | 'gateway'): string[] {
  const here = fileURLToPath(import.meta.url);
  const main = `${executable}-main`;
  const dist = here.endsWith('.js') ? join(here, '..', '..') : join(here, '..', '..', '..', 'dist');
  for (const compiled of [join(dist, 'bundle', `${main}.js`), join(dist, 'cli', `${main}.js`)]) if (existsSync(compiled)) return [compiled];
  return ['--import', 'tsx', join(here, '..', '..', 'cli', `${main}.ts`)];
}

/** Starts `nodeclient <args>`; resolves with its first stdout line parsed as JSON. */
export function spawnNodeclient(name: string, args: readonly string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<StorageProcess> {
  return spawnExecutable('nodeclient', name, args, logFile, env);
}

/** A process that ended before serving: its name, log, exit code and what it wrote on stderr (its log of this start). */
export class ProcessStartFailure extends Error {
  constructor(
    readonly part: string,
    readonly logFile: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`${part} exited with code ${exitCode} before serving (log: ${logFile})`);
  }

  /** the process's own error: the last `Error: …` line it wrote (`runStandalone`'s form), without the prefix */
  get error(): string | undefined {
    const lines = this.stderr.split('\n').filter((l) => l.startsWith('Error: '));
    return lines.length > 0 ? lines[lines.length - 1]!.slice('Error: '.length) : undefined;
  }

  /** the address it could not listen on because another process does (`listen EADDRINUSE: address already in use 127.0.0.1:9301`) */
  get addressInUse(): string | undefined {
    return /EADDRINUSE: address already in use (\S+)/.exec(this.stderr)?.[1];
  }
}

/** Starts `<executable> <args>`; resolves with its first stdout line parsed as JSON. */
export function spawnExecutable(executable: 'nodeclient' | 'gateway', name: string, args: readonly string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<StorageProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...entryArgs(executable), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stderr!.pipe(log);
  // what it writes before serving, kept to say why it failed (the log file also holds earlier starts)
  let early = '';
  const keep = (d: Buffer) => {
    early = (early + d.toString('utf8')).slice(-16_384);
  };
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let done = false;
    lines.once('line', (line) => {
      done = true;
      child.stderr!.off('data', keep);
      // a part that dies after it started (killed, crashed) is said on the network's stderr; one
      // stopped by a signal to stop, or that ends by itself with 0, is not
      child.once('exit', (code, signal) => {
        if (signal === 'SIGINT' || signal === 'SIGTERM' || code === 0) return;
        process.stderr.write(`${name} exited (${signal !== null ? `killed by ${signal}` : `exit code ${code}`}): the local network runs without it until the next start; its log: ${logFile}\n`);
      });
      try {
        resolve({ name, child, serving: JSON.parse(line) as Record<string, unknown>, logFile });
      } catch {
        reject(new Error(`${name} printed ${JSON.stringify(line)}, not its JSON line (log: ${logFile})`));
      }
    });
    // 'close': after the exit and the end of its output, so that its last words are in `early`
    child.once('close', (code) => {
      if (!done) reject(new ProcessStartFailure(name, logFile, code, early));
    });
  });
}

export async function stopProcess(p: StorageProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => p.child.once('exit', () => r()));
  p.child.kill('SIGTERM');
  const t = setTimeout(() => p.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(t);
}

export interface StorageNetworkPorts {
  readonly chainRpc: string;
  /** meta listen address, e.g. 127.0.0.1:9400 (port 0: any) */
  readonly metaListen: string;
  /** per resource node: JSON-RPC and internal port (0: any) */
  readonly resourceNodePorts: readonly { rpc: number; peer: number }[];
  /** the storage client API's port (0: any); none: no storage client */
  readonly storageClientPort?: number;
}

export async function startStorageNetwork(layout: StorageNetworkLayout, ports: StorageNetworkPorts): Promise<RunningStorageNetwork> {
  const started: StorageProcess[] = [];
  try {
    const meta = await spawnNodeclient('meta', ['-r', layout.metaHome, 'meta', 'start', '--chain-rpc', ports.chainRpc, '--listen', ports.metaListen], join(layout.metaHome, 'meta.log'));
    started.push(meta);
    // every node's start is awaited, so that none is left running when another fails
    const outcomes = await Promise.allSettled(
      layout.resourceNodes.map((rn, i) => {
        const p = ports.resourceNodePorts[i] ?? { rpc: 0, peer: 0 };
        return spawnNodeclient(
          `rn${i}`,
          ['-r', rn.home, 'start', '--chain-rpc', ports.chainRpc, '--meta-url', String(meta.serving.url), '--rpcPort', String(p.rpc), '--peerPort', String(p.peer)],
          join(rn.home, 'node.log'),
        ).then((s) => (started.push(s), s));
      }),
    );
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    const nodes = outcomes.map((o) => (o as PromiseFulfilledResult<StorageProcess>).value);
    let storageClient: StorageProcess | undefined;
    if (ports.storageClientPort !== undefined) {
      const home = layout.resourceNodes[0]!.home;
      storageClient = await spawnNodeclient('ipfs', ['-r', home, 'ipfs', '-m', 'ipc', '-p', String(ports.storageClientPort)], join(home, 'ipfs.log'));
      started.push(storageClient);
    }
    return {
      meta,
      resourceNodes: nodes,
      ...(storageClient ? { storageClient } : {}),
      stop: async () => {
        await Promise.all(started.map(stopProcess));
      },
    };
  } catch (e) {
    await Promise.all(started.map(stopProcess));
    throw e;
  }
}
