/**
 * `nodeclient meta start`: the meta-node service of one cluster, holding the keys of its meta
 * nodes: the SP logic (service.ts), its duties on chain (chain-duties.ts) and its HTTP API.
 */
import { parseListenAddress } from '../../api/http.ts';
import { sdsNetworkAddress } from '../../crypto/sds-key.ts';
import { isBondedStatus, ChainAccess } from '../chain/chain-access.ts';
import { loadP2pKey, loadWallet } from '../wallet/wallet-files.ts';
import { ChainDuties, type HeldMetaNode } from './chain-duties.ts';
import { metaDbFile, type MetaServiceConfig } from './config.ts';
import { serveMetaNodeApi } from './http-api.ts';
import { MetaNodeService, type ChainView } from './service.ts';
import { MetaStore } from './store.ts';

export interface RunningMetaService {
  readonly url: string;
  readonly service: MetaNodeService;
  readonly duties: ChainDuties;
  close(): Promise<void>;
}

export async function startMetaService(home: string, c: MetaServiceConfig, log: (line: string) => void): Promise<RunningMetaService> {
  if (c.metaNodes.length === 0) throw new Error('meta.toml lists no meta nodes: the service needs the key of at least one');
  const held: HeldMetaNode[] = c.metaNodes.map((m) => {
    const w = loadWallet(home, m.owner, m.password);
    const p2p = loadP2pKey(home, m.networkAddress, m.password);
    if (sdsNetworkAddress(p2p.publicKey) !== m.networkAddress) throw new Error(`meta node ${m.networkAddress}: its key file holds another key`);
    return { networkAddress: m.networkAddress, owner: w.address, ownerPrivateKey: w.privateKey };
  });
  const chain = new ChainAccess(c.chainRpc);
  const view: ChainView = {
    async resourceNode(networkAddress) {
      const r = await chain.queryOptional('chain.register.v1', 'ResourceNode', { network_addr: networkAddress });
      const n = r?.node as { network_address?: string; owner_address?: string; status?: unknown; suspend?: boolean } | undefined;
      if (!n || !n.network_address) return undefined;
      return { owner: n.owner_address ?? '', bonded: isBondedStatus(n.status), suspended: n.suspend === true };
    },
  };
  const store = new MetaStore(metaDbFile(home));
  const service = new MetaNodeService(store, c.settings, view);
  const duties = new ChainDuties(chain, service, held, log, c.gasPrice);
  const server = await serveMetaNodeApi(parseListenAddress(c.listen, 'meta-node listen address', '127.0.0.1:9400'), service, duties);
  duties.start();
  const url = `http://${server.address.host === '0.0.0.0' ? '127.0.0.1' : server.address.host}:${server.address.port}`;
  log(`meta-node service for ${held.map((m) => m.networkAddress).join(', ')} listening on ${url}`);
  return {
    url, service, duties,
    close: async () => {
      await duties.stop();
      await server.close();
      store.close();
    },
  };
}
