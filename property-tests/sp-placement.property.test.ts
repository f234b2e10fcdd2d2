/**
 * The meta nodes' replica placement (src/sds/sp-rules.ts `placeReplicas`) picks, in one pass, what
 * a full sort would: the uploader first, then the least loaded other nodes, ties by address.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeReplicas } from '../src/sds/sp-rules.ts';

const bySort = (uploader: string | undefined, online: { networkAddress: string }[], load: Map<string, number>, replicas: number) => {
  const others = online
    .filter((p) => p.networkAddress !== uploader)
    .sort((a, b) => load.get(a.networkAddress)! - load.get(b.networkAddress)! || (a.networkAddress < b.networkAddress ? -1 : 1));
  const first = online.find((p) => p.networkAddress === uploader);
  return (first ? [first, ...others] : others).slice(0, replicas).map((p) => p.networkAddress);
};

describe('placeReplicas', () => {
  it('equals the full sort for any loads, ties, uploader and replica count', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^st[a-f0-9]{1,4}$/), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(3), { minLength: 40, maxLength: 40 }),
        fc.nat(45),
        fc.integer({ min: 1, max: 6 }),
        (addresses, loads, u, replicas) => {
          const online = addresses.map((networkAddress) => ({ networkAddress }));
          const load = new Map(addresses.map((a, i) => [a, loads[i]!]));
          const uploader = u < addresses.length ? online[u] : undefined;
          const got = placeReplicas(uploader, online, (a) => load.get(a)!, replicas).map((p) => p.networkAddress);
          expect(got).toStrictEqual(bySort(uploader?.networkAddress, online, load, replicas));
        },
      ),
      { numRuns: 500 },
    );
  });
});
