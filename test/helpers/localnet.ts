/**
 * `npm start` (the compiled src/node/localnet.ts) in a child process on free ports: the whole local
 * network (chain, storage network, storage client API, gateways) in a temporary LOCALNET_HOME.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export interface Localnet {
  readonly child: ChildProcess;
  /** resolves with stdout once it holds the whole banner (the last dev account's mnemonic) */
  readonly banner: Promise<string>;
  readonly stderr: () => string;
  stop(): Promise<number | null>;
}

export function startLocalnet(home: string, args: readonly string[]): Localnet {
  const child = spawn(process.execPath, [join(ROOT, 'dist/bundle/localnet.js'), ...args], { cwd: ROOT, env: { ...process.env, LOCALNET_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const banner = new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (/dev4 .*\n {8}mnemonic: .*\n\n/.test(out)) resolve(out);
    });
    void exited.then(() => reject(new Error(`localnet exited before its banner; stdout:\n${out}\nstderr:\n${err}`)));
  });
  return {
    child,
    banner,
    stderr: () => err,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The ports of a local network: free ones for the chain's servers, consecutive ones for the storage network and gateways. */
export interface LocalnetPorts {
  readonly rpc: number;
  readonly rest: number;
  readonly grpc: number;
  /** the Ethereum JSON-RPC: HTTP and websocket */
  readonly ethRpc: number;
  readonly ethWs: number;
  readonly meta: number;
  readonly ipfs: number;
  readonly sds: number;
  readonly peer: number;
  readonly gateway: number;
}

/** `slot` 1 gives a second network of the same test process other consecutive ports. */
export async function localnetPorts(slot: 0 | 1 = 0): Promise<LocalnetPorts> {
  const [rpc, rest, grpc, meta, ipfs, ethRpc, ethWs] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  // below the kernel's ephemeral range (32768…), so no freePort() answer can be one of them
  const base = 21000 + slot * 5600 + (process.pid % 700) * 8;
  return { rpc, rest, grpc, meta, ipfs, ethRpc, ethWs, sds: base, peer: base + 2, gateway: base + 4 };
}

/** `npm start` flags for those ports. */
export function localnetFlags(p: LocalnetPorts): string[] {
  return ['--rpc.laddr', `tcp://127.0.0.1:${p.rpc}`, '--api.address', `tcp://127.0.0.1:${p.rest}`, '--grpc.address', `127.0.0.1:${p.grpc}`, ...localnetOtherFlags(p)];
}

/** The flags of the storage network, the gateways and the Ethereum JSON-RPC alone (a test that sets the other servers itself). */
export function localnetOtherFlags(p: LocalnetPorts): string[] {
  return [
    '--sds.meta-port', String(p.meta), '--sds.rpc-port', String(p.sds), '--sds.peer-port', String(p.peer), '--sds.ipfs-port', String(p.ipfs), '--gateway.port', String(p.gateway),
    '--json-rpc.address', `127.0.0.1:${p.ethRpc}`, '--json-rpc.ws-address', `127.0.0.1:${p.ethWs}`,
  ];
}
