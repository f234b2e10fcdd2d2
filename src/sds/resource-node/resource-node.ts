/**
 * `nodeclient start`: one resource node. It loads its wallet and P2P key from `accounts/`, makes
 * sure it is registered on chain (sending `MsgCreateResourceNode` with the configured deposit when
 * it is not), joins its meta node's cluster (and keeps telling it that it is alive), and serves
 * the JSON-RPC API over HTTP and IPC, and its internal port for the other nodes.
 */

import type { RunningServer } from '../../api/http.ts';
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import { ChainAccess, isBondedStatus } from '../chain/chain-access.ts';
import { TxSender } from '../chain/tx-sender.ts';
import { serveSdsRpcHttp } from '../rpc/http-server.ts';
import { defaultIpcPath, serveSdsRpcIpc } from '../rpc/ipc-server.ts';
import { loadP2pKey, loadWallet } from '../wallet/wallet-files.ts';
import { sdsNetworkAddress } from '../../crypto/sds-key.ts';
import type { TxMessage } from '../../client/sign-tx.ts';
import { homePaths, type ResourceNodeConfig } from './config.ts';
import { DownloadSessions } from './download-sessions.ts';
import { MetaClient } from './meta-client.ts';
import { nodeDispatchers } from './namespaces.ts';
import { ownerMethods } from './owner-api.ts';
import { checkRegistrationFunds } from './registration-funds.ts';
import { servePeerPort } from './peer-server.ts';
import { SliceStore } from './slice-store.ts';
import { UploadSessions } from './upload-sessions.ts';
import { userMethods } from './user-api.ts';
import { makeDirs } from '../../make-dirs.ts';

export const HEARTBEAT_MS = 10_000;

export interface RunningResourceNode {
  readonly walletAddress: string;
  readonly networkAddress: string;
  readonly rpcUrl: string;
  readonly peerUrl: string;
  readonly ipcPath: string;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly home: string;
  readonly config: ResourceNodeConfig;
  readonly log: (line: string) => void;
  /** do not send MsgCreateResourceNode when the node is not on chain (fail instead) */
  readonly noRegister?: boolean;
}

export async function startResourceNode(o: StartOptions): Promise<RunningResourceNode> {
  const c = o.config;
  const paths = homePaths(o.home);
  if (c.keys.walletAddress === '') throw new Error('no wallet: give --walletAddress (and --password) or set keys.wallet_address in the config');
  const wallet = loadWallet(o.home, c.keys.walletAddress, c.keys.walletPassword);
  const p2p = loadP2pKey(o.home, c.keys.p2pAddress, c.keys.p2pPassword || c.keys.walletPassword);
  const networkAddress = sdsNetworkAddress(p2p.publicKey);
  const chain = new ChainAccess(c.chain.rpc);
  const sender = new TxSender(chain, wallet.address, wallet.privateKey, c.chain.gasPrice);
  const meta = new MetaClient(c.node.metaUrl.replace(/\/+$/, ''));
  const log = o.log;

  const activation = (deposit: { denom: string; amount: string }): TxMessage => ({
    typeName: 'chain.register.v1.MsgCreateResourceNode',
    value: {
      network_address: networkAddress,
      pubkey: chain.codec.packAny('sdk.crypto.ed25519.PubKey', { key: p2p.publicKey }),
      value: deposit,
      owner_address: wallet.address,
      beneficiary_address: c.keys.beneficiaryAddress || wallet.address,
      description: { moniker: c.registration.moniker || networkAddress, identity: '', website: '', security_contact: '', details: '' },
      node_type: c.registration.nodeType,
    },
  });

  const chainRecord = async () => {
    const r = await chain.queryOptional('chain.register.v1', 'ResourceNode', { network_addr: networkAddress });
    return r?.node as { network_address?: string; owner_address?: string; node_type?: unknown; status?: unknown } | undefined;
  };
  const onChain = async () => {
    const n = await chainRecord();
    return n?.network_address ? { nodeType: Number(n.node_type ?? 0), bonded: isBondedStatus(n.status) } : undefined;
  };

  // registered on chain, or register now
  const node = await chainRecord();
  if (!node || !node.network_address) {
    if (o.noRegister) throw new Error(`resource node ${networkAddress} is not registered on chain`);
    const c0 = parseCoinNormalized(c.registration.deposit);
    await checkRegistrationFunds(chain, wallet.address, c0, { denom: sender.denom, amount: sender.fee() });
    log(`registering resource node ${networkAddress} on chain with a deposit of ${c.registration.deposit}`);
    const sent = await sender.send([activation({ denom: c0.denom, amount: c0.amount.toString() })]);
    log(`MsgCreateResourceNode in tx ${sent.hash} at height ${sent.height}`);
  } else if (node.owner_address !== wallet.address) {
    throw new Error(`resource node ${networkAddress} is registered on chain to ${node.owner_address}, not to this wallet ${wallet.address}`);
  }

  makeDirs(paths.download);
  await UploadSessions.clear(paths.tmp);
  await DownloadSessions.clear(paths.tmp);
  const store = new SliceStore(paths.storage, paths.tmp);
  const servers: RunningServer[] = [];
  const closeAll = async () => {
    for (const s of servers) await s.close().catch(() => undefined);
  };
  try {
    const peer = await servePeerPort({ host: c.node.host, port: c.node.peerPort }, { store, meta, networkAddress, log });
    servers.push(peer);
    const peerUrl = `http://${c.node.advertisedHost}:${peer.address.port}`;
    const self = { networkAddress, peerUrl };
    const uploads = new UploadSessions({ meta, store, tmpDir: paths.tmp, self, log });
    const downloads = new DownloadSessions({ meta, store, tmpDir: paths.tmp, self, log });

    let rpcUrl = '';
    const joinCluster = async (): Promise<string | undefined> => {
      try {
        const a = await meta.call('register', { networkAddress, wallet: wallet.address, rpcUrl, peerUrl }, 10_000);
        return a.ok ? undefined : a.detail;
      } catch (e) {
        return (e as Error).message;
      }
    };
    const status = async () => {
      const a = await meta.call('serviceStatus', { networkAddress }, 10_000).catch(() => undefined);
      return a && a.ok ? `Registration Status: ${a.registration} | Mining: ${a.mining} ` : 'Registration Status: Unknown | Mining: Unknown ';
    };
    const dispatchers = nodeDispatchers(
      userMethods({ meta, uploads, downloads, networkAddress, log }),
      ownerMethods({ wallet: wallet.address, networkAddress, sender, meta, joinCluster, activation, status, onChain, nodeType: c.registration.nodeType }),
      c.node.rpcNamespaces,
    );
    const http = await serveSdsRpcHttp({ host: c.node.host, port: c.node.rpcPort, allowedHosts: c.node.allowedHosts, dispatcher: dispatchers.http });
    servers.push(http);
    rpcUrl = `http://${c.node.advertisedHost}:${http.address.port}`;
    const ipcPath = c.node.ipcEndpoint || defaultIpcPath(o.home);
    const ipc = await serveSdsRpcIpc(ipcPath, dispatchers.ipc);
    servers.push({ close: () => ipc.close() } as RunningServer);

    const problem = await joinCluster();
    if (problem !== undefined) throw new Error(`joining the meta node at ${c.node.metaUrl}: ${problem}`);
    const heartbeat = setInterval(() => {
      void joinCluster().then((p) => {
        if (p !== undefined) log(`meta node: ${p}`);
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    log(`resource node ${networkAddress} (wallet ${wallet.address}) serving JSON-RPC on ${rpcUrl} and ${ipcPath}, slices on ${peerUrl}`);
    return {
      walletAddress: wallet.address, networkAddress, rpcUrl, peerUrl, ipcPath,
      close: async () => {
        clearInterval(heartbeat);
        await closeAll();
      },
    };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
