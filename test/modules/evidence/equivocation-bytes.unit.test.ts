/**
 * `Equivocation` bytes (its hash is the store key): the hand-written encoder against protobufjs with
 * the message declared as in `cosmos/evidence/v1beta1/evidence.proto`.
 */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { equivocationBytes, equivocationHash } from '../../../src/modules/evidence/equivocation.ts';
import { valOf } from '../slashing/harness.ts';

const root = protobuf.Root.fromJSON({
  nested: {
    Timestamp: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
    Equivocation: {
      fields: { height: { type: 'int64', id: 1 }, time: { type: 'Timestamp', id: 2 }, power: { type: 'int64', id: 3 }, consensus_address: { type: 'string', id: 4 } },
    },
  },
});
const Equivocation = root.lookupType('Equivocation');

describe('Equivocation bytes', () => {
  it.each([
    { height: 4n, time: 1_704_067_220_000_000_000n, power: 100_000n },
    { height: 123456789n, time: 1_704_067_220_123_456_789n, power: 1n },
  ])('match protobufjs for height $height', ({ height, time, power }) => {
    const consensus_address = valOf(0).consAddr;
    const expected = Equivocation.encode(
      Equivocation.fromObject({ height: height.toString(), time: { seconds: (time / 1_000_000_000n).toString(), nanos: Number(time % 1_000_000_000n) }, power: power.toString(), consensus_address }),
    ).finish();
    expect(Buffer.from(equivocationBytes({ height, time, power, consensus_address })).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
    expect(equivocationHash({ height, time, power, consensus_address })).toMatch(/^[0-9A-F]{64}$/);
  });
});
