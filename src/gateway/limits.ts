/**
 * The limits of a token's tier (docs/gateway.md): a token bucket of requests (`rate_per_second`
 * refilled, `burst` at most), a cap on requests in flight, and a traffic quota of bytes received
 * plus sent per fixed window. Usage is counted in memory and written to the token store every
 * second and at shutdown (the bucket's state too), so the limits hold across restarts. Every
 * answer carries the IETF `RateLimit` headers of the bucket; a refusal is 429 with `Retry-After`.
 */
import type { Tier } from './config.ts';
import type { TokenRow, TokenStore } from './tokens.ts';

export type Refusal = 'rate' | 'concurrency' | 'traffic';

export type Admission =
  | { readonly ok: true; readonly headers: Record<string, string>; release(): void }
  | { readonly ok: false; readonly reason: Refusal; readonly retryAfter: number; readonly headers: Record<string, string> };

interface Bucket {
  tokens: number;
  updatedMs: number;
}

interface Pending {
  requests: number;
  bytesIn: number;
  bytesOut: number;
  rejected: number;
}

export class Limiter {
  private readonly buckets = new Map<number, Bucket>();
  private readonly inFlight = new Map<number, number>();
  /** per token id and window start */
  private readonly pending = new Map<string, Pending>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: TokenStore,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.flush(), 1000);
    this.timer.unref();
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }

  windowStart(tier: Tier): number {
    const s = Math.floor(this.nowMs() / 1000);
    return s - (s % tier.windowSeconds);
  }

  private bucket(token: TokenRow, tier: Tier): Bucket {
    let b = this.buckets.get(token.id);
    if (!b) {
      const saved = this.store.bucket(token.id);
      b = saved ? { tokens: saved.tokens, updatedMs: saved.updated_ms } : { tokens: tier.burst, updatedMs: this.nowMs() };
      this.buckets.set(token.id, b);
    }
    const now = this.nowMs();
    b.tokens = Math.min(tier.burst, b.tokens + ((now - b.updatedMs) / 1000) * tier.ratePerSecond);
    b.updatedMs = now;
    return b;
  }

  private pendingOf(token: TokenRow, tier: Tier): Pending {
    const key = `${token.id}:${this.windowStart(tier)}`;
    let p = this.pending.get(key);
    if (!p) this.pending.set(key, (p = { requests: 0, bytesIn: 0, bytesOut: 0, rejected: 0 }));
    return p;
  }

  /** bytes received and sent in the current window */
  traffic(token: TokenRow, tier: Tier): number {
    const stored = this.store.usage(token.id, this.windowStart(tier));
    const p = this.pendingOf(token, tier);
    return stored.bytes_in + stored.bytes_out + p.bytesIn + p.bytesOut;
  }

  private headers(b: Bucket, tier: Tier): Record<string, string> {
    const remaining = Math.max(0, Math.floor(b.tokens));
    const reset = Math.max(0, Math.ceil((tier.burst - b.tokens) / tier.ratePerSecond));
    return {
      'RateLimit-Limit': String(tier.burst),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(reset),
      'RateLimit-Policy': `${tier.burst};w=${Math.max(1, Math.round(tier.burst / tier.ratePerSecond))};burst=${tier.burst};policy="${tier.name}"`,
    };
  }

  admit(token: TokenRow, tier: Tier): Admission {
    const b = this.bucket(token, tier);
    const p = this.pendingOf(token, tier);
    const refuse = (reason: Refusal, retryAfter: number): Admission => {
      p.rejected++;
      return { ok: false, reason, retryAfter: Math.max(1, Math.ceil(retryAfter)), headers: this.headers(b, tier) };
    };
    const used = this.traffic(token, tier);
    if (used >= tier.trafficBytes) return refuse('traffic', this.windowStart(tier) + tier.windowSeconds - this.nowMs() / 1000);
    if (b.tokens < 1) return refuse('rate', (1 - b.tokens) / tier.ratePerSecond);
    const flying = this.inFlight.get(token.id) ?? 0;
    if (flying >= tier.concurrency) return refuse('concurrency', 1);
    b.tokens -= 1;
    p.requests++;
    this.inFlight.set(token.id, flying + 1);
    let released = false;
    return {
      ok: true,
      headers: this.headers(b, tier),
      release: () => {
        if (released) return;
        released = true;
        this.inFlight.set(token.id, (this.inFlight.get(token.id) ?? 1) - 1);
      },
    };
  }

  /** Counts bytes moved for a token (request body in, response out). */
  count(token: TokenRow, tier: Tier, bytesIn: number, bytesOut: number): void {
    const p = this.pendingOf(token, tier);
    p.bytesIn += bytesIn;
    p.bytesOut += bytesOut;
  }

  /** Writes the counters and buckets to the store. */
  flush(): void {
    const entries = [...this.pending];
    this.pending.clear();
    this.store.db.transaction(() => {
      for (const [key, p] of entries) {
        if (p.requests + p.bytesIn + p.bytesOut + p.rejected === 0) continue;
        const [id, start] = key.split(':').map(Number) as [number, number];
        this.store.addUsage(id, start, { requests: p.requests, bytesIn: p.bytesIn, bytesOut: p.bytesOut, rejected: p.rejected });
      }
      for (const [id, b] of this.buckets) this.store.saveBucket(id, b.tokens, b.updatedMs);
    })();
  }
}
