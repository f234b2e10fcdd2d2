/**
 * Query service `sdk.evidence.v1beta1.Query` over abci_query (x/evidence v0.47): Evidence by hash
 * (either case; empty, not hex, unknown), AllEvidence in hash order with pagination, each an Any of
 * the stored Equivocation; the real network's path words too.
 */
import { describe, expect, it, vi } from 'vitest';
import { codec } from '../../../src/codec/registry.ts';
import { equivocationHash } from '../../../src/modules/evidence/equivocation.ts';
import type { Misbehavior } from '../../../src/state/block-info.ts';
import { putValidator, SEC, STOS, valOf, World } from '../slashing/harness.ts';

vi.mock('../../../src/modules/staking/slash.ts', async () => await import('../slashing/fake-staking.ts'));

const V0 = valOf(0);
const V1 = valOf(1);

function worldWithEvidence() {
  const w = new World();
  w.patch((d, ctx) => {
    putValidator(d, V0, { tokens: 100n * STOS }, ctx);
    putValidator(d, V1, { tokens: 100n * STOS }, ctx);
  }, 0n);
  for (let i = 0; i < 5; i++) w.block();
  const at = (height: bigint) => w.timeNs - (w.app.height - height) * 5n * SEC;
  const m = (v: typeof V0, height: bigint): Misbehavior => ({ type: 'DUPLICATE_VOTE', address: v.consHex, power: 100_000n, height, timeNs: at(height), totalVotingPower: 200_000n });
  const ms = [m(V0, 4n), m(V1, 3n)];
  w.block({ misbehavior: ms });
  const records = ms.map((x, i) => ({ height: x.height, time: x.timeNs, power: 100_000n, consensus_address: [V0, V1][i]!.consAddr }));
  return { w, records };
}

const query = (w: World, method: string, req: unknown) => {
  const res = w.app.query(`/sdk.evidence.v1beta1.Query/${method}`, codec.encode(`sdk.evidence.v1beta1.Query${method}Request`, req as Record<string, unknown>));
  return { res, value: res.code === 0 ? (codec.decode(`sdk.evidence.v1beta1.Query${method}Response`, res.value) as Record<string, unknown>) : undefined };
};
const unpack = (any: { type_url: string; value: Uint8Array }): Record<string, unknown> => ({ type_url: any.type_url, ...(codec.decode('sdk.evidence.v1beta1.Equivocation', any.value) as Record<string, unknown>) });

describe('evidence queries', () => {
  it('Evidence by its hash (upper or lower case) answers the stored Equivocation as an Any', () => {
    const { w, records } = worldWithEvidence();
    const hash = equivocationHash(records[0]!);
    for (const h of [hash, hash.toLowerCase()]) {
      const { res, value } = query(w, 'Evidence', { hash: h });
      expect(res.code).toBe(0);
      const e = unpack(value!.evidence as { type_url: string; value: Uint8Array });
      expect(e).toMatchObject({ type_url: '/sdk.evidence.v1beta1.Equivocation', height: 4n, power: 100_000n, consensus_address: V0.consAddr });
    }
    // the real network's words reach it too
    const real = w.app.query('/cosmos.evidence.v1beta1.Query/Evidence', codec.encode('sdk.evidence.v1beta1.QueryEvidenceRequest', { hash }));
    expect(real.code).toBe(0);
  });

  it('refusals as the SDK words them: empty hash, a hash that is not hex, an unknown hash', () => {
    const { w } = worldWithEvidence();
    expect([query(w, 'Evidence', {}).res.code, query(w, 'Evidence', {}).res.log]).toEqual([18, 'rpc error: code = InvalidArgument desc = invalid request; hash is empty: invalid request']);
    expect(query(w, 'Evidence', { hash: 'zz' }).res.log).toBe("invalid evidence hash: encoding/hex: invalid byte: U+007A 'z': invalid request");
    const unknown = 'DF0C23E8634E480F84B9D5674A7CDC9816466DEC28A3358F73260F68D28D7660';
    expect(query(w, 'Evidence', { hash: unknown }).res).toMatchObject({ code: 22, log: `rpc error: code = NotFound desc = evidence ${unknown} not found: key not found` });
  });

  it('AllEvidence lists every piece in hash order, paginated by the hash bytes', () => {
    const { w, records } = worldWithEvidence();
    const hashes = records.map(equivocationHash).sort();
    const all = query(w, 'AllEvidence', {}).value!;
    const heights = (all.evidence as { type_url: string; value: Uint8Array }[]).map((a) => unpack(a).height);
    const byHash = new Map(records.map((r) => [equivocationHash(r), r.height]));
    expect(heights).toEqual(hashes.map((h) => byHash.get(h)));
    expect(all.pagination).toMatchObject({ total: 2n });
    const first = query(w, 'AllEvidence', { pagination: { limit: 1n } }).value!;
    expect((first.evidence as unknown[]).length).toBe(1);
    expect(Buffer.from((first.pagination as { next_key: Uint8Array }).next_key).toString('hex').toUpperCase()).toBe(hashes[1]);
  });
});
