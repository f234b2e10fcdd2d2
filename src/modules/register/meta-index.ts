/**
 * The meta-node index the real chain keeps in memory (reference/chain-semantics.md §1.7, "Register
 * BeginBlock"): on a cold reload it holds every meta node that is neither suspended nor Unbonded,
 * as bech32 strings sorted as strings; a node's index is its position. sds `MsgFileUpload` uses it.
 */
import { shardValues } from '../../state/sharded.ts';
import { BondStatus, type HasRegister } from './state.ts';

export function metaNodeIndexList(state: HasRegister): string[] {
  const out: string[] = [];
  for (const m of shardValues(state.register.meta_nodes)) if (!m.suspend && m.status !== BondStatus.UNBONDED) out.push(m.network_address);
  return out.sort();
}
