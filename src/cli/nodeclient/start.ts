/** `nodeclient start`: runs a resource node until SIGINT/SIGTERM. */
import { resolve } from 'node:path';
import { readConfig } from '../../sds/resource-node/config.ts';
import { startResourceNode } from '../../sds/resource-node/resource-node.ts';
import type { NodeclientContext } from '../nodeclient.ts';
import { port } from './ports.ts';

export async function startCommand(
  ctx: NodeclientContext,
  g: { home: string; config?: string },
  o: { walletAddress?: string; password?: string; ipcEndpoint?: string; rpcPort?: string; peerPort?: string; chainRpc?: string; metaUrl?: string; register: boolean },
): Promise<void> {
  const home = resolve(g.home);
  const c = readConfig(home, g.config ? resolve(g.config) : undefined);
  const config = {
    ...c,
    chain: { ...c.chain, rpc: o.chainRpc ?? c.chain.rpc },
    keys: {
      ...c.keys,
      walletAddress: o.walletAddress ?? c.keys.walletAddress,
      walletPassword: o.password ?? c.keys.walletPassword,
      p2pPassword: o.password ?? c.keys.p2pPassword,
    },
    node: {
      ...c.node,
      metaUrl: o.metaUrl ?? c.node.metaUrl,
      ipcEndpoint: o.ipcEndpoint ?? c.node.ipcEndpoint,
      rpcPort: o.rpcPort !== undefined ? port(o.rpcPort, '--rpcPort') : c.node.rpcPort,
      peerPort: o.peerPort !== undefined ? port(o.peerPort, '--peerPort') : c.node.peerPort,
    },
  };
  const log = (line: string) => ctx.out.stderr(`${new Date().toISOString()} ${line}\n`);
  const node = await startResourceNode({ home, config, log, noRegister: !o.register });
  ctx.out.stdout(JSON.stringify({ network_address: node.networkAddress, wallet_address: node.walletAddress, rpc: node.rpcUrl, ipc: node.ipcPath, internal: node.peerUrl }) + '\n');
  await ctx.stopSignal;
  log('stopping');
  await node.close();
}
