/**
 * The region's resource nodes behind `/private/rpc`: a request goes to a node chosen by weight,
 * with affinity where the storage protocol needs it (an upload or download session lives on one
 * node: calls naming the same file hash or reqid go to the same node, by rendezvous hashing over
 * the weights), and fails over to the next node when one does not answer; a node that did not
 * answer is skipped for `retrySeconds`.
 */
import { createHash } from 'node:crypto';
import type { Upstream } from './config.ts';

export class UpstreamSet {
  private readonly downUntil = new Map<string, number>();
  private counter = 0;

  constructor(
    readonly upstreams: readonly Upstream[],
    private readonly retrySeconds: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private score(key: string, u: Upstream): number {
    const h = createHash('sha256').update(`${key}\n${u.url}`).digest();
    const x = (h.readUInt32BE(0) + 1) / 0x100000001;
    // weighted rendezvous: the largest -w / ln(x) wins
    return -u.weight / Math.log(x);
  }

  /** The nodes to try, in order: by affinity key when given, else weighted round robin; nodes marked down last. */
  order(key: string | undefined): Upstream[] {
    const now = this.nowMs();
    const ranked = key !== undefined
      ? [...this.upstreams].sort((a, b) => this.score(key, b) - this.score(key, a))
      : this.weightedRotation();
    const up = ranked.filter((u) => (this.downUntil.get(u.url) ?? 0) <= now);
    const down = ranked.filter((u) => (this.downUntil.get(u.url) ?? 0) > now);
    return [...up, ...down];
  }

  private weightedRotation(): Upstream[] {
    const total = this.upstreams.reduce((s, u) => s + u.weight, 0);
    let at = this.counter++ % total;
    let first = 0;
    for (let i = 0; i < this.upstreams.length; i++) {
      at -= this.upstreams[i]!.weight;
      if (at < 0) {
        first = i;
        break;
      }
    }
    return [...this.upstreams.slice(first), ...this.upstreams.slice(0, first)];
  }

  markDown(u: Upstream): void {
    this.downUntil.set(u.url, this.nowMs() + this.retrySeconds * 1000);
  }

  markUp(u: Upstream): void {
    this.downUntil.delete(u.url);
  }
}
