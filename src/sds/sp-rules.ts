/**
 * The meta nodes' charging and placement rules (docs/storage-network.md "Meta-node service"): what
 * an upload or a download costs in ozone, how much traffic a resource node earns per byte, how many
 * replicas an upload gets and where they go. The one model of them: the live meta-node service
 * (src/sds/meta-node/service.ts) and the scenario runner (src/sim/run/) both call these.
 */
import type { MetaNodeSettings } from './meta-node/settings.ts';

type Rules = Pick<MetaNodeSettings, 'replicas' | 'nozPerByte' | 'trafficNozPerByte'>;

/** size × replicas × nozPerByte noz. */
export function uploadCost(s: Rules, size: number, replicas: number): bigint {
  return BigInt(size) * BigInt(replicas) * s.nozPerByte;
}

/**
 * What an upload that turned FAILED gives back: the charge of the replicas its slices lack, each
 * slice counted up to `replicas` (the placement's count, which the charge was for). So a FAILED
 * upload costs the replication the network keeps of it, as the traffic credited to the nodes that
 * stored it; one with no replica costs nothing.
 */
export function failedUploadRefund(s: Rules, slices: readonly { readonly size: number; readonly stored: number }[], replicas: number): bigint {
  let missing = 0n;
  for (const x of slices) missing += BigInt(x.size) * BigInt(replicas - Math.min(x.stored, replicas));
  return missing * s.nozPerByte;
}

/** size × nozPerByte noz. */
export function downloadCost(s: Rules, size: number): bigint {
  return BigInt(size) * s.nozPerByte;
}

/**
 * What a download that failed gives back (reference §4.3: the traffic actually produced is
 * charged): its charge less the cost of the bytes its slices were served for, so a download that
 * got no slice costs nothing.
 */
export function failedDownloadRefund(s: Rules, size: number, servedBytes: number): bigint {
  return downloadCost(s, size) - downloadCost(s, Math.max(0, Math.min(servedBytes, size)));
}

/** The traffic volume (noz) credited to a resource node for storing or serving `bytes`. */
export function trafficVolume(s: Rules, bytes: number): bigint {
  return BigInt(bytes) * s.trafficNozPerByte;
}

/** The configured replica count, capped by the resource nodes online, at least 1. */
export function replicaCount(s: Rules, online: number): number {
  return Math.max(1, Math.min(s.replicas, online));
}

/**
 * The placement of an upload's replicas: the uploading node first, then the other online nodes
 * holding the fewest replicas (ties by network address, ascending), `replicas` in all.
 */
export function placeReplicas<P extends { readonly networkAddress: string }>(uploader: P | undefined, online: readonly P[], load: (networkAddress: string) => number, replicas: number): P[] {
  const wanted = uploader ? replicas - 1 : replicas;
  // the `wanted` least loaded, kept in order: one pass over the nodes (a network has thousands)
  const best: { p: P; n: number }[] = [];
  const before = (a: { p: P; n: number }, b: { p: P; n: number }) => a.n < b.n || (a.n === b.n && a.p.networkAddress < b.p.networkAddress);
  for (const p of online) {
    if (wanted <= 0) break;
    if (p.networkAddress === uploader?.networkAddress) continue;
    const x = { p, n: load(p.networkAddress) };
    if (best.length === wanted && !before(x, best[wanted - 1]!)) continue;
    let i = best.length === wanted ? wanted - 1 : best.length;
    while (i > 0 && before(x, best[i - 1]!)) {
      best[i] = best[i - 1]!;
      i--;
    }
    best[i] = x;
  }
  const others = best.map((x) => x.p);
  return (uploader ? [uploader, ...others] : others).slice(0, replicas);
}
