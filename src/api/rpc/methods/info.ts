/**
 * `health`, `status` and `net_info` (rpc/core/health.go, status.go, net.go). The node has no
 * peers; its validator is the first of the (static) validator set.
 */
import { formatTimeNs } from '../../../state/block-info.ts';
import { CONSENSUS_VERSION } from '../../../consensus/version.ts';
import type { Node } from '../../../node/node.ts';
import { isStoredHeader } from '../../../consensus/types.ts';
import type { BlockRecord } from '../../../events/block-store.ts';
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { asJson, hexUpper, type Route } from '../route.ts';

/** CometBFT 0.37's protocol versions: P2P 8, block 11. */
const P2P_PROTOCOL = '8';
const BLOCK_PROTOCOL = '11';

/**
 * The reactor channels a full node announces (hex): block sync 0x40, consensus 0x20–0x23,
 * mempool 0x30, evidence 0x38, state sync 0x60–0x61, PEX 0x00.
 */
const CHANNELS = '40202122233038606100';

const ZERO_TIME = formatTimeNs(0n);

interface BlockSummary {
  readonly hash: string;
  readonly appHash: string;
  readonly height: string;
  readonly time: string;
}

/** Hash, app hash (as the header carries it), height and time of a block; zero values when absent. */
function summary(record: BlockRecord | undefined): BlockSummary {
  if (!record) return { hash: '', appHash: '', height: '0', time: ZERO_TIME };
  if (isStoredHeader(record.header)) {
    const { block_id, header } = record.header;
    return { hash: block_id.hash, appHash: header.app_hash, height: header.height, time: header.time };
  }
  // a block made without the consensus engine has no CometBFT header to take the app hash from
  return { hash: hexUpper(record.hash), appHash: '', height: record.height.toString(), time: formatTimeNs(record.timeNs) };
}

export function statusJson(node: Node): GoJsonValue {
  const latest = summary(node.height > 0n ? node.block(node.height) : undefined);
  const base = node.earliestHeight();
  const earliest = summary(base > 0n ? node.block(base) : undefined);
  const self = node.ownValidator();
  const id = node.identity;
  return {
    node_info: {
      protocol_version: { p2p: P2P_PROTOCOL, block: BLOCK_PROTOCOL, app: node.consensusParams.version?.app ?? '0' },
      id: id.id,
      listen_addr: id.listenAddr,
      network: node.chainId,
      version: CONSENSUS_VERSION,
      channels: CHANNELS,
      moniker: id.moniker,
      other: { tx_index: 'on', rpc_address: id.rpcAddress },
    },
    sync_info: {
      latest_block_hash: latest.hash,
      latest_app_hash: latest.appHash,
      latest_block_height: latest.height,
      latest_block_time: latest.time,
      earliest_block_hash: earliest.hash,
      earliest_app_hash: earliest.appHash,
      earliest_block_height: earliest.height,
      earliest_block_time: earliest.time,
      catching_up: false,
    },
    validator_info: self
      ? { address: self.address, pub_key: asJson(self.pub_key), voting_power: self.voting_power }
      : { address: '', pub_key: null, voting_power: '0' },
  };
}

export const infoRoutes: Record<string, Route> = {
  health: { params: [], run: () => ({}) },
  status: { params: [], run: ({ node }) => statusJson(node) },
  net_info: {
    params: [],
    // no peers; the listener text is `Listener(@<p2p.external_address>)`, empty by default
    run: () => ({ listening: true, listeners: ['Listener(@)'], n_peers: '0', peers: [] }),
  },
};
