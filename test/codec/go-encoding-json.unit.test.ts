/**
 * The gateway's Go encoding/json exception (sdk-modules §1.1 [QUIRK]): a RedelegationResponse nested
 * in an answer prints with its Go struct tags — zero heights, ids and ref counts omitted, non-zero
 * ones as numbers, empty lists null, Go RFC 3339 times with the fraction's trailing zeros trimmed —
 * while the rest of the answer (pagination, the top level) stays proto-JSON.
 */
import { describe, expect, it } from 'vitest';
import { goJson } from '../../src/codec/go-json.ts';
import { createCodec } from '../../src/codec/registry.ts';
import { responseJsonValue } from '../../src/codec/go-encoding-json.ts';

const codec = createCodec();
const T = 'sdk.staking.v1beta1';
const print = (typeName: string, obj: unknown) => goJson(responseJsonValue(codec, typeName, obj));

const entry = (e: Record<string, unknown>) => ({
  redelegation_entry: { creation_height: 0n, completion_time: { seconds: 1707732000n, nanos: 0 }, initial_balance: '1000', shares_dst: '1000.000000000000000000', unbonding_id: 0n, unbonding_on_hold_ref_count: 0n, ...e },
  balance: '990',
});
const response = (entries: unknown[], redelegationEntries: unknown[] = []) => ({
  redelegation_responses: [
    { redelegation: { delegator_address: 'st1d', validator_src_address: 'stvaloper1s', validator_dst_address: 'stvaloper1t', entries: redelegationEntries }, entries },
  ],
  pagination: { next_key: null, total: 1n },
});

describe('RedelegationResponse in a gateway answer', () => {
  it('zero creation_height, unbonding_id and ref count are omitted; a whole-second time has no fraction', () => {
    expect(print(`${T}.QueryRedelegationsResponse`, response([entry({})]))).toBe(
      '{"redelegation_responses":[{"redelegation":{"delegator_address":"st1d","validator_src_address":"stvaloper1s","validator_dst_address":"stvaloper1t","entries":null},' +
        '"entries":[{"redelegation_entry":{"completion_time":"2024-02-12T10:00:00Z","initial_balance":"1000","shares_dst":"1000.000000000000000000"},"balance":"990"}]}],' +
        '"pagination":{"next_key":null,"total":"1"}}',
    );
  });

  it('non-zero values are JSON numbers; the fraction loses all its trailing zeros (.1234, not .123400)', () => {
    const text = print(`${T}.QueryRedelegationsResponse`, response([entry({ creation_height: 1234n, unbonding_id: 7n, unbonding_on_hold_ref_count: 2n, completion_time: { seconds: 1707732000n, nanos: 123_400_000 } })]));
    expect(text).toContain('"redelegation_entry":{"creation_height":1234,"completion_time":"2024-02-12T10:00:00.1234Z","initial_balance":"1000","shares_dst":"1000.000000000000000000","unbonding_id":7,"unbonding_on_hold_ref_count":2}');
  });

  it('a filled redelegation.entries prints as a list with the same rules (gRPC-decoded non-empty slice)', () => {
    const inner = { creation_height: 5n, completion_time: { seconds: 0n, nanos: 500_000_000 }, initial_balance: '3', shares_dst: '3.000000000000000000', unbonding_id: 0n, unbonding_on_hold_ref_count: 0n };
    const text = print(`${T}.QueryRedelegationsResponse`, response([entry({})], [inner]));
    expect(text).toContain('"entries":[{"creation_height":5,"completion_time":"1970-01-01T00:00:00.5Z","initial_balance":"3","shares_dst":"3.000000000000000000"}]},');
  });

  it('an empty list of responses stays proto-JSON []; other answers are untouched', () => {
    expect(print(`${T}.QueryRedelegationsResponse`, { redelegation_responses: [], pagination: null })).toBe('{"redelegation_responses":[],"pagination":null}');
    const unbonding = { unbond: { delegator_address: 'st1d', validator_address: 'stvaloper1s', entries: [{ creation_height: 0n, completion_time: { seconds: 0n, nanos: 500_000_000 }, initial_balance: '1', balance: '1', unbonding_id: 0n, unbonding_on_hold_ref_count: 0n }] } };
    expect(print(`${T}.QueryUnbondingDelegationResponse`, unbonding)).toBe(
      '{"unbond":{"delegator_address":"st1d","validator_address":"stvaloper1s","entries":[{"creation_height":"0","completion_time":"1970-01-01T00:00:00.500Z","initial_balance":"1","balance":"1","unbonding_id":"0","unbonding_on_hold_ref_count":"0"}]}}',
    );
  });
});
