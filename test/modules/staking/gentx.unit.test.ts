/** MsgCreateValidator delivered as a genesis tx at InitChain (height 0, genesis time as block time). */
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { protoJsonValue } from '../../../src/codec/proto-json.ts';
import { createCodec } from '../../../src/codec/registry.ts';
import { genesisWith, signed } from '../../helpers/fixture.ts';
import { balanceOf } from '../../../src/modules/bank/state.ts';
import { BONDED_POOL, consKey, keys, M, STOS, valoper } from './harness.ts';

describe('gentx', () => {
  it('a MsgCreateValidator gentx bonds the validator at InitChain and hands it to consensus', () => {
    const alice = keys[0]!;
    const codec = createCodec();
    const bytes = signed(alice, 0n, 0n, { messages: [M.createValidator(alice, consKey(1), 10n * STOS)], fee: [], gasLimit: 400_000n });
    const raw = codec.decode('sdk.tx.v1beta1.TxRaw', bytes) as { body_bytes: Uint8Array; auth_info_bytes: Uint8Array; signatures: Uint8Array[] };
    const tx = { body: codec.decode('sdk.tx.v1beta1.TxBody', raw.body_bytes), auth_info: codec.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes), signatures: raw.signatures };
    const g = genesisWith(keys.map((k) => [k.address, 1000n * STOS] as [string, bigint]));
    g.app_state.genutil = { gen_txs: [protoJsonValue('sdk.tx.v1beta1.Tx', tx, { codec })] };
    const app = new App({ ...appModules });
    app.initChain(g);
    expect(app.initialValidators).toEqual([{ pubKey: consKey(1).base64, power: 10_000n }]);
    const v = app.state.staking.validators[Object.keys(app.state.staking.validators)[0]!]!;
    expect(v.operator_address).toBe(valoper(alice));
    expect(v.status).toBe(3);
    expect(v.commission.update_time).toBe(BigInt(Date.parse(g.genesis_time)) * 1_000_000n);
    expect(app.state.staking.last_total_power).toBe(10_000n);
    expect(Object.keys(app.state.staking.last_validator_powers)).toHaveLength(1);
    expect(balanceOf(app.state, BONDED_POOL, 'wei')).toBe(10n * STOS);
  });
});
