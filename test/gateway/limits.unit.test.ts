import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tier } from '../../src/gateway/config.ts';
import { Limiter } from '../../src/gateway/limits.ts';
import { TokenStore, type TokenRow } from '../../src/gateway/tokens.ts';

const TIER: Tier = { name: 'small', ratePerSecond: 2, burst: 4, concurrency: 2, trafficBytes: 1000, windowSeconds: 60, maxUploadBytes: 100 };
let dir: string;
let store: TokenStore;
let token: TokenRow;
let now: number;
const clock = () => now;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gw-limits-'));
  store = new TokenStore(join(dir, 'gateway.sqlite'));
  token = store.create('small', '', '', 0).row;
  now = 1_800_000_000_000; // a window boundary: 1_800_000_000 s is a multiple of 60
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function admitReleased(l: Limiter) {
  const a = l.admit(token, TIER);
  if (a.ok) a.release();
  return a;
}

describe('Limiter', () => {
  it('a token bucket: burst requests at once, then ratePerSecond, with RateLimit headers and Retry-After', () => {
    const l = new Limiter(store, clock);
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const a = admitReleased(l);
      expect(a.ok).toBe(true);
      remaining.push(a.headers['RateLimit-Remaining']!);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const refused = admitReleased(l);
    expect(refused).toEqual({
      ok: false, reason: 'rate', retryAfter: 1,
      headers: { 'RateLimit-Limit': '4', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '2', 'RateLimit-Policy': '4;w=2;burst=4;policy="small"' },
    });
    now += 250; // half a request
    expect(admitReleased(l)).toMatchObject({ ok: false, reason: 'rate', retryAfter: 1 });
    now += 250;
    expect(admitReleased(l)).toMatchObject({ ok: true, headers: { 'RateLimit-Remaining': '0' } });
    now += 10_000; // refills up to burst only
    expect(admitReleased(l)).toMatchObject({ ok: true, headers: { 'RateLimit-Remaining': '3', 'RateLimit-Reset': '1' } });
    l.close();
  });

  it('Retry-After of the rate limit counts the missing fraction of a request', () => {
    const slow: Tier = { ...TIER, ratePerSecond: 0.1, burst: 1 };
    const l = new Limiter(store, clock);
    expect(l.admit(token, slow).ok).toBe(true);
    expect(l.admit(token, slow)).toMatchObject({ ok: false, reason: 'rate', retryAfter: 10 });
    now += 3_000;
    expect(l.admit(token, slow)).toMatchObject({ ok: false, reason: 'rate', retryAfter: 7 });
    l.close();
  });

  it('caps the requests in flight; a release frees a place (once)', () => {
    const l = new Limiter(store, clock);
    const a = l.admit(token, TIER);
    const b = l.admit(token, TIER);
    expect(a.ok && b.ok).toBe(true);
    expect(l.admit(token, TIER)).toMatchObject({ ok: false, reason: 'concurrency', retryAfter: 1 });
    if (a.ok) {
      a.release();
      a.release();
    }
    const c = l.admit(token, TIER);
    expect(c.ok).toBe(true);
    expect(l.admit(token, TIER)).toMatchObject({ ok: false, reason: 'concurrency' });
    l.close();
  });

  it('a traffic quota per window on the bytes in and out; Retry-After is the end of the window', () => {
    const l = new Limiter(store, clock);
    l.count(token, TIER, 600, 399);
    expect(l.traffic(token, TIER)).toBe(999);
    expect(admitReleased(l).ok).toBe(true);
    l.count(token, TIER, 0, 1);
    now += 20_000;
    expect(admitReleased(l)).toMatchObject({ ok: false, reason: 'traffic', retryAfter: 40 });
    now += 39_500;
    expect(admitReleased(l)).toMatchObject({ ok: false, reason: 'traffic', retryAfter: 1 });
    now += 500; // the next window
    expect(l.traffic(token, TIER)).toBe(0);
    expect(admitReleased(l).ok).toBe(true);
    l.close();
    expect(store.usageHistory(token.id)).toEqual([
      { window_start: 1_800_000_000, requests: 1, bytes_in: 600, bytes_out: 400, rejected: 2 },
      { window_start: 1_800_000_060, requests: 1, bytes_in: 0, bytes_out: 0, rejected: 0 },
    ]);
  });

  it('persists: a new Limiter on the same store continues the bucket and the counts', () => {
    const first = new Limiter(store, clock);
    for (let i = 0; i < 4; i++) admitReleased(first);
    first.count(token, TIER, 500, 400);
    first.close();
    const second = new Limiter(store, clock);
    expect(second.traffic(token, TIER)).toBe(900);
    expect(admitReleased(second)).toMatchObject({ ok: false, reason: 'rate' });
    now += 500;
    expect(admitReleased(second).ok).toBe(true);
    second.count(token, TIER, 100, 0);
    expect(admitReleased(second)).toMatchObject({ ok: false, reason: 'traffic' });
    second.close();
    expect(store.usage(token.id, 1_800_000_000)).toEqual({ window_start: 1_800_000_000, requests: 5, bytes_in: 600, bytes_out: 400, rejected: 2 });
  });
});
