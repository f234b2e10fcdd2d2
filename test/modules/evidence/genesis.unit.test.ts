/** Evidence genesis: import/export round trip in hash order, and ValidateBasic of each evidence. */
import { describe, expect, it } from 'vitest';
import { equivocationHash } from '../../../src/modules/evidence/equivocation.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import { exportEvidenceGenesis, validateEvidenceGenesis } from '../../../src/modules/evidence/genesis.ts';
import { valOf, World } from '../slashing/harness.ts';

const ev = (height: string, over: Record<string, unknown> = {}) => ({
  '@type': '/sdk.evidence.v1beta1.Equivocation',
  height,
  time: '2024-01-01T00:00:10Z',
  power: '1000',
  consensus_address: valOf(0).consAddr,
  ...over,
});

describe('evidence genesis', () => {
  it('the default is empty; evidence is imported and exported (in hash order)', () => {
    expect(exportEvidenceGenesis(new World().app.state)).toEqual({ evidence: [] });
    const w = new World({ evidence: { evidence: [ev('3'), ev('7'), ev('5')] } });
    const out = exportEvidenceGenesis(w.app.state).evidence;
    expect(out.map((e) => e.height).sort()).toEqual(['3', '5', '7']);
    const hashes = out.map((e) => equivocationHash({ height: BigInt(e.height), time: parseTimeNs(e.time), power: BigInt(e.power), consensus_address: e.consensus_address }));
    expect(hashes).toEqual([...hashes].sort());
    expect(new Set(hashes)).toEqual(new Set(Object.keys(w.app.state.evidence.evidence)));
    expect(new Set(out.map((e) => JSON.stringify(e)))).toEqual(new Set([ev('3'), ev('7'), ev('5')].map((e) => JSON.stringify(e))));
  });

  it('ValidateBasic of each evidence', () => {
    const bad = (e: Record<string, unknown>) => () => validateEvidenceGenesis({ evidence: [e as any] });
    expect(bad(ev('0'))).toThrow('evidence genesis: evidence[0]: invalid equivocation height: 0');
    expect(bad(ev('1', { power: '0' }))).toThrow('evidence genesis: evidence[0]: invalid equivocation validator power: 0');
    expect(bad(ev('1', { time: '1970-01-01T00:00:00.5Z' }))).toThrow('evidence genesis: evidence[0]: invalid equivocation time: 1970-01-01T00:00:00.5Z');
    expect(bad(ev('1', { consensus_address: '' }))).toThrow('evidence genesis: evidence[0]: invalid equivocation validator consensus address: ');
    expect(bad(ev('1', { '@type': '/sdk.bank.v1beta1.MsgSend' }))).toThrow('evidence genesis: evidence[0]: unsupported evidence type "/sdk.bank.v1beta1.MsgSend"');
  });
});
