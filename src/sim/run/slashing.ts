/**
 * A scenario's `slash: {node: resource-N, fraction: f}` as the chain can express it: a
 * `MsgSlashingResourceNode` records a debt of `slashing` noz, priced in wei by pot's traffic formula
 * (`trafficPool(St, Pt, Lt, noz)`, reference/chain-semantics.md §3.9). The runner asks for the noz
 * whose price is f × the node's deposit, by inverting that formula on the state before the block.
 */
import { rewardInputs, trafficPool } from '../../modules/pot/distribute.ts';
import type { AppState } from '../../state/app-state.ts';
import { scaleExact } from '../random/distributions.ts';
import { RunError } from './errors.ts';

/** The smallest noz y with trafficPool(St, Pt, Lt, y) ≥ f × tokens (truncated to wei). */
export function slashingNozFor(state: AppState, tokens: bigint, fraction: number, where: string): bigint {
  const target = scaleExact(fraction, tokens);
  if (target === 0n) return 0n;
  const { st, pt, lt } = rewardInputs(state, []);
  // R(y) = (St + Pt) · y / (Lt + y) grows with y towards St + Pt
  if (st + pt <= target) throw new RunError(`${where}: a debt of ${target} wei is not reachable: the traffic formula prices any noz below St + Pt = ${st + pt} wei`);
  let y = (target * lt + (st + pt - target) - 1n) / (st + pt - target);
  while (trafficPool(st, pt, lt, y).truncateInt() < target) y++;
  while (y > 0n && trafficPool(st, pt, lt, y - 1n).truncateInt() >= target) y--;
  return y;
}
