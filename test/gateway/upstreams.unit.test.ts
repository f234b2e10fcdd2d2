import { describe, expect, it } from 'vitest';
import { UpstreamSet } from '../../src/gateway/upstreams.ts';

const A = { url: 'http://a', weight: 3 };
const B = { url: 'http://b', weight: 1 };
const C = { url: 'http://c', weight: 1 };

describe('UpstreamSet', () => {
  it('spreads requests without a key by weight (weighted rotation)', () => {
    const s = new UpstreamSet([A, B], 10);
    const firsts = Array.from({ length: 8 }, () => s.order(undefined)[0]!.url);
    expect(firsts).toEqual(['http://a', 'http://a', 'http://a', 'http://b', 'http://a', 'http://a', 'http://a', 'http://b']);
    expect(s.order(undefined)).toHaveLength(2);
  });

  it('sends one key always to the same node, keys spread by weight', () => {
    const s = new UpstreamSet([A, B, C], 10);
    const first = s.order('file-1').map((u) => u.url);
    for (let i = 0; i < 5; i++) expect(s.order('file-1').map((u) => u.url)).toEqual(first);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 5000; i++) {
      const u = s.order(`key-${i}`)[0]!.url;
      counts[u] = (counts[u] ?? 0) + 1;
    }
    // 3:1:1 within a few percent
    expect(counts['http://a']! / 5000).toBeGreaterThan(0.55);
    expect(counts['http://a']! / 5000).toBeLessThan(0.65);
    expect(counts['http://b']! / 5000).toBeGreaterThan(0.15);
    expect(counts['http://c']! / 5000).toBeGreaterThan(0.15);
  });

  it('fails over: a node marked down goes last until retrySeconds have passed', () => {
    let now = 1_000_000;
    const s = new UpstreamSet([A, B, C], 10, () => now);
    const order = s.order('k').map((u) => u.url);
    const down = s.order('k')[0]!;
    s.markDown(down);
    expect(s.order('k').map((u) => u.url)).toEqual([...order.slice(1), order[0]]);
    now += 9_999;
    expect(s.order('k')[0]!.url).not.toBe(down.url);
    now += 1;
    expect(s.order('k').map((u) => u.url)).toEqual(order);
    s.markDown(down);
    s.markUp(down);
    expect(s.order('k').map((u) => u.url)).toEqual(order);
    // every node down: all still tried, in order
    for (const u of [A, B, C]) s.markDown(u);
    expect(s.order('k').map((u) => u.url)).toEqual(order);
  });
});
