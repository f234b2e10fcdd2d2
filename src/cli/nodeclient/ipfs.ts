/** `nodeclient ipfs [config]`: the storage client API (spec §4.2), its config file. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ipfsConfigFile, parseRpcMode, readStorageClientConfig, writeStorageClientConfig, type StorageClientConfig } from '../../sds/storage-client/config.ts';
import { startStorageClient } from '../../sds/storage-client/storage-client.ts';
import type { NodeclientContext } from '../nodeclient.ts';
import { port } from './ports.ts';

export interface IpfsFlags {
  httpRpcUrl?: string;
  ipcEndpoint?: string;
  password?: string;
  port?: string;
  rpcMode?: string;
  walletAddress?: string;
  listenHost?: string;
}

/** The config file's values, overridden by the flags given. */
export function effectiveConfig(home: string, o: IpfsFlags): StorageClientConfig {
  const c = readStorageClientConfig(ipfsConfigFile(home));
  return {
    ...c,
    ...(o.httpRpcUrl !== undefined ? { httpRpcUrl: o.httpRpcUrl } : {}),
    ...(o.ipcEndpoint !== undefined ? { ipcEndpoint: o.ipcEndpoint } : {}),
    ...(o.password !== undefined ? { walletPassword: o.password } : {}),
    ...(o.port !== undefined ? { port: port(o.port, '--port') } : {}),
    ...(o.rpcMode !== undefined ? { rpcMode: parseRpcMode(o.rpcMode) } : {}),
    ...(o.walletAddress !== undefined ? { walletAddress: o.walletAddress } : {}),
    ...(o.listenHost !== undefined ? { listenHost: o.listenHost } : {}),
  };
}

export async function ipfsServe(ctx: NodeclientContext, g: { home: string }, o: IpfsFlags): Promise<void> {
  const home = resolve(g.home);
  const log = (line: string) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`);
  const running = await startStorageClient(home, effectiveConfig(home, o), log);
  ctx.out.stdout(JSON.stringify({ api: `${running.url}/api/v0`, wallet: running.wallet, resource_node: running.rpc }) + '\n');
  await ctx.stopSignal;
  log('stopping');
  await running.close();
}

export async function ipfsConfig(ctx: NodeclientContext, g: { home: string }, o: IpfsFlags & { force?: boolean }): Promise<void> {
  const home = resolve(g.home);
  const file = ipfsConfigFile(home);
  if (existsSync(file) && !o.force) throw new Error(`${file} exists: add --force to write it again with the flags given`);
  const c = effectiveConfig(home, o);
  writeStorageClientConfig(file, c);
  ctx.out.stdout(`${file}\n`);
}
