/**
 * `nodeclient client <command>`: a client of a resource node's JSON-RPC API, like the real
 * network's example `rpc_client` (docs/storage-network.md "Client"): ozone, upload, download, list,
 * share, get-shared, delete, status. The wallet key comes from a chaind keyring (`--from <name>
 * --keyring-home <chaind home>`, test backend by default: the dev accounts of `npm start`) or from a
 * wallet file of a nodeclient home (`--walletAddress st1… --password … -r <home>`).
 */
import { resolve } from 'node:path';
import { openKeyring } from '../../crypto/keyring/open.ts';
import { SdsClient } from '../../sds/client/sds-client.ts';
import { httpRpcClient, ipcRpcClient, type SdsRpcClient } from '../../sds/rpc/client.ts';
import { walletAddressOf } from '../../sds/protocol/signature.ts';
import { ethPubKey } from '../../crypto/ethsecp256k1.ts';
import { loadWallet } from '../../sds/wallet/wallet-files.ts';
import type { NodeclientContext } from '../nodeclient.ts';

export interface ClientOptions {
  url: string;
  ipc?: string;
  from?: string;
  keyringHome?: string;
  keyringBackend: string;
  walletAddress?: string;
  password: string;
}

async function walletKey(g: { home: string }, o: ClientOptions): Promise<Uint8Array> {
  if (o.from !== undefined) {
    const ring = openKeyring({ backend: o.keyringBackend, dir: resolve(o.keyringHome ?? g.home) });
    const record = await ring.key(o.from);
    if (!record.privKey) throw new Error(`key ${o.from} has no private key here (${record.type} key)`);
    if (record.privKey.algo !== 'eth_secp256k1') throw new Error(`key ${o.from} is a ${record.privKey.algo} key: the storage network signs with eth_secp256k1 keys`);
    return record.privKey.key;
  }
  if (o.walletAddress !== undefined) return loadWallet(resolve(g.home), o.walletAddress, o.password).privateKey;
  throw new Error('no wallet: give --from <key name> (with --keyring-home <chaind home>) or --walletAddress <st1…> --password <password> (-r <nodeclient home>)');
}

async function withRpc(ctx: NodeclientContext, o: ClientOptions, run: (rpc: SdsRpcClient) => Promise<unknown>): Promise<void> {
  const rpc = o.ipc ? ipcRpcClient(o.ipc) : httpRpcClient(o.url);
  try {
    const out = await run(rpc);
    ctx.out.stdout(JSON.stringify(out, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) + '\n');
  } finally {
    await rpc.close();
  }
}

/** A command that signs: the wallet key is loaded (decrypted) first. */
export async function runClient(ctx: NodeclientContext, g: { home: string }, o: ClientOptions, run: (c: SdsClient) => Promise<unknown>): Promise<void> {
  const key = await walletKey(g, o);
  await withRpc(ctx, o, (rpc) => run(new SdsClient(rpc, key)));
}

/**
 * A command that signs nothing (`ozone [wallet]`): the wallet given as its argument needs no key
 * at all; else `--walletAddress` is taken as given, its file not opened (no password needed).
 */
export async function runUnsignedClient(ctx: NodeclientContext, g: { home: string }, o: ClientOptions, run: (rpc: SdsRpcClient, wallet: string) => Promise<unknown>, given?: string): Promise<void> {
  const wallet = given ?? (o.from === undefined && o.walletAddress !== undefined ? o.walletAddress : walletAddressOf(ethPubKey(await walletKey(g, o))));
  await withRpc(ctx, o, (rpc) => run(rpc, wallet));
}
