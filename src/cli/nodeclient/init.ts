/** `nodeclient init`: a resource node home (spec §4.2 layout). */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createWallet } from '../../sds/wallet/wallet-files.ts';
import { checkDeposit, defaultConfig, homePaths, writeConfig } from '../../sds/resource-node/config.ts';
import type { NodeclientContext } from '../nodeclient.ts';
import { port } from './ports.ts';

export async function initResourceNode(
  ctx: NodeclientContext,
  g: { home: string },
  o: { password: string; mnemonic?: string; chainRpc: string; metaUrl: string; rpcPort: string; peerPort: string; deposit: string; nodeType: string; moniker: string },
): Promise<void> {
  const home = resolve(g.home);
  if (existsSync(homePaths(home).configFile)) throw new Error(`${homePaths(home).configFile} exists: this home is initialized already`);
  const nodeType = Number(o.nodeType);
  if (!Number.isInteger(nodeType) || nodeType < 1 || nodeType > 7) throw new Error(`invalid --node-type ${JSON.stringify(o.nodeType)}: expected 1..7`);
  // every flag is checked before the wallet files are written: a refused init leaves nothing
  const rpcPort = port(o.rpcPort, '--rpc-port');
  const peerPort = port(o.peerPort, '--peer-port');
  const deposit = checkDeposit(o.deposit, '--deposit');
  const w = createWallet(home, { password: o.password, mnemonic: o.mnemonic });
  const base = defaultConfig({ walletAddress: w.walletAddress, p2pAddress: w.p2pAddress, password: o.password });
  writeConfig(home, {
    ...base,
    chain: { ...base.chain, rpc: o.chainRpc },
    node: { ...base.node, metaUrl: o.metaUrl, rpcPort, peerPort },
    registration: { deposit, nodeType, moniker: o.moniker },
  });
  ctx.out.stdout(JSON.stringify({ home, wallet_address: w.walletAddress, p2p_address: w.p2pAddress, mnemonic: w.mnemonic }, null, 2) + '\n');
}
