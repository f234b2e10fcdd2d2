/**
 * The meta nodes' epoch settlement of resource-node traffic (reference/storage-network.md §6.3):
 * at the end of each epoch only the nodes that make up the top share (80 % by default) of the
 * epoch's unsettled traffic are reported and reset; the others carry their traffic over to the
 * next epoch. This is the one model of it: the live meta-node service and the scenario runner
 * both call `settleEpoch`.
 *
 * The rule, exactly (the real meta-node software is closed; this is the simulator's reading,
 * docs/storage-network.md "Settlement"): sort the wallets by unsettled volume, largest first (ties
 * by wallet address, ascending), and take wallets in that order until the taken volume reaches at
 * least `settleBasisPoints / 10000` of the total. Wallets with zero volume are never reported.
 */

export const DEFAULT_SETTLE_BASIS_POINTS = 8000;

export interface WalletVolume {
  readonly wallet_address: string;
  /** noz, as the chain's `MsgVolumeReport.wallet_volumes[].volume` */
  readonly volume: bigint;
}

export interface Settlement {
  /** the report's wallet volumes, in the order taken (largest first) */
  readonly reported: readonly WalletVolume[];
  /** what carries over to the next epoch (wallets with a non-zero volume only) */
  readonly carried: ReadonlyMap<string, bigint>;
  /** Σ volumes of the whole epoch */
  readonly total: bigint;
}

export function settleEpoch(unsettled: ReadonlyMap<string, bigint>, settleBasisPoints: number = DEFAULT_SETTLE_BASIS_POINTS): Settlement {
  if (!Number.isInteger(settleBasisPoints) || settleBasisPoints < 1 || settleBasisPoints > 10000) {
    throw new Error(`settle share of ${settleBasisPoints} basis points: expected an integer in 1..10000`);
  }
  const entries = [...unsettled].filter(([, v]) => v > 0n);
  for (const [w, v] of unsettled) if (v < 0n) throw new Error(`negative unsettled volume ${v} for ${w}`);
  entries.sort(([wa, a], [wb, b]) => (a === b ? (wa < wb ? -1 : wa > wb ? 1 : 0) : a > b ? -1 : 1));
  const total = entries.reduce((s, [, v]) => s + v, 0n);
  const reported: WalletVolume[] = [];
  const carried = new Map<string, bigint>();
  let taken = 0n;
  for (const [wallet, volume] of entries) {
    if (taken * 10000n < total * BigInt(settleBasisPoints)) {
      reported.push({ wallet_address: wallet, volume });
      taken += volume;
    } else {
      carried.set(wallet, volume);
    }
  }
  return { reported, carried, total };
}
