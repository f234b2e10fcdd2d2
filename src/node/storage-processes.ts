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

/** An executable's entry (`nodeclient`, `gateway`): compiled JavaScript next to this file (dist/), else the TypeScript sources through tsx. */
function entryArgs(executable: 'nodeclient' | 'gateway'): string[] {
  const here = fileURLToPath(import.meta.url);
  const main = `${executable}-main`;
  const compiled = here.endsWith('.js') ? join(here, '..', '..', 'cli', `${main}.js`) : join(here, '..', '..', '..', 'dist', 'cli', `${main}.js`);
  if (existsSync(compiled)) return [compiled];
  return ['--import', 'tsx', join(here, '..', '..', 'cli', `${main}.ts`)];
}

/** Starts `nodeclient <args>`; resolves with its first stdout line parsed as JSON. */
export function spawnNodeclient(name: string, args: readonly string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<StorageProcess> {
  return spawnExecutable('nodeclient', name, args, logFile, env);
}

/** Starts `<executable> <args>`; resolves with its first stdout line parsed as JSON. */
export function spawnExecutable(executable: 'nodeclient' | 'gateway', name: string, args: readonly string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<StorageProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...entryArgs(executable), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stderr!.pipe(log);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let done = false;
    lines.once('line', (line) => {
      done = true;
      try {
        resolve({ name, child, serving: JSON.parse(line) as Record<string, unknown>, logFile });
      } catch {
        reject(new Error(`${name} printed ${JSON.stringify(line)}, not its JSON line (log: ${logFile})`));
      }
    });
    child.once('exit', (code) => {
      if (!done) reject(new Error(`${name} exited with code ${code} before serving (log: ${logFile})`));
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
    const nodes = await Promise.all(
      layout.resourceNodes.map((rn, i) => {
        const p = ports.resourceNodePorts[i] ?? { rpc: 0, peer: 0 };
        return spawnNodeclient(
          `rn${i}`,
          ['-r', rn.home, 'start', '--chain-rpc', ports.chainRpc, '--meta-url', String(meta.serving.url), '--rpcPort', String(p.rpc), '--peerPort', String(p.peer)],
          join(rn.home, 'node.log'),
        ).then((s) => (started.push(s), s));
      }),
    );
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
