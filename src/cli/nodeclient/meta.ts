/** `nodeclient meta init|start`: the meta-node service of a cluster. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createWallet } from '../../sds/wallet/wallet-files.ts';
import { metaConfigFile, readMetaConfig, writeMetaConfig } from '../../sds/meta-node/config.ts';
import { startMetaService } from '../../sds/meta-node/meta-node-service.ts';
import { DEFAULT_META_NODE_SETTINGS } from '../../sds/meta-node/settings.ts';
import { loadP2pKey } from '../../sds/wallet/wallet-files.ts';
import { sdsPubKeyToBech32 } from '../../crypto/sds-key.ts';
import type { NodeclientContext } from '../nodeclient.ts';
import { count } from './ports.ts';

export async function metaInit(
  ctx: NodeclientContext,
  g: { home: string },
  o: { metaNodes: string; mnemonic?: string[]; password: string; chainRpc: string; listen: string; replicas: string; epochSeconds: string; epochBlocks: string },
): Promise<void> {
  const home = resolve(g.home);
  if (existsSync(metaConfigFile(home))) throw new Error(`${metaConfigFile(home)} exists: this home is initialized already`);
  const n = o.mnemonic ? o.mnemonic.length : count(o.metaNodes, '--meta-nodes', 1);
  // every flag is checked before the first wallet file is written: a refused init leaves nothing
  const settings = { ...DEFAULT_META_NODE_SETTINGS, replicas: count(o.replicas, '--replicas', 1), epochSeconds: count(o.epochSeconds, '--epoch-seconds', 1), epochBlocks: count(o.epochBlocks, '--epoch-blocks', 0) };
  const created = Array.from({ length: n }, (_, i) => createWallet(home, { password: o.password, mnemonic: o.mnemonic?.[i], name: `meta${i}` }));
  writeMetaConfig(home, {
    chainRpc: o.chainRpc,
    gasPrice: 1_000_000_000n,
    listen: o.listen,
    settings,
    metaNodes: created.map((w) => ({ owner: w.walletAddress, networkAddress: w.p2pAddress, password: o.password })),
  });
  const nodes = created.map((w) => ({
    owner: w.walletAddress,
    network_address: w.p2pAddress,
    pubkey: sdsPubKeyToBech32(loadP2pKey(home, w.p2pAddress, o.password).publicKey),
    mnemonic: w.mnemonic,
  }));
  ctx.out.stdout(JSON.stringify({ home, meta_nodes: nodes }, null, 2) + '\n');
}

export async function metaStart(ctx: NodeclientContext, g: { home: string }, o: { chainRpc?: string; listen?: string }): Promise<void> {
  const home = resolve(g.home);
  const c = readMetaConfig(home);
  const log = (line: string) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`);
  const running = await startMetaService(home, { ...c, chainRpc: o.chainRpc ?? c.chainRpc, listen: o.listen ?? c.listen }, log);
  ctx.out.stdout(JSON.stringify({ url: running.url, meta_nodes: running.duties.metaNodes.map((m) => m.networkAddress) }) + '\n');
  await ctx.stopSignal;
  log('stopping');
  await running.close();
}
