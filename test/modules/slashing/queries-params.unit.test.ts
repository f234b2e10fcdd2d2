/**
 * Slashing queries (reference/sdk-modules.md §6.5) as the REST gateway prints them, params and
 * genesis (defaults, validation texts, import/export), and MsgUpdateParams.
 */
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { protoReply } from '../../../src/api/rest/grpc-gateway.ts';
import { defaultSlashingGenesis, exportSlashingGenesis, validateSlashingGenesis } from '../../../src/modules/slashing/genesis.ts';
import { msgUpdateSlashingParams } from '../../../src/modules/slashing/params-msg.ts';
import { DEFAULT_SLASHING_PARAMS, minSignedPerWindow, slashingParamsToJson } from '../../../src/modules/slashing/params.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { GOV, keys, putValidator, SEC, STOS, valOf, World } from './harness.ts';

const S = 'sdk.slashing.v1beta1';
const V = [valOf(0), valOf(1), valOf(2)];

function rest(w: World, method: string, req: Record<string, unknown> = {}): string {
  const c = w.app.codec;
  const reqType = `${S}.Query${method}Request`;
  const r = w.app.query(`/${S}.Query/${method}`, c.encode(reqType, c.create(reqType, req)));
  if (r.code !== 0) return `error ${r.code}: ${r.log}`;
  return protoReply(c, `${S}.Query${method}Response`, c.decode(`${S}.Query${method}Response`, r.value), 0n).body as string;
}

function worldWithValidators(): World {
  const w = new World();
  w.patch((d, ctx) => V.forEach((v) => putValidator(d, v, { tokens: 10n * STOS }, ctx)), 0n);
  return w;
}

const sortedByCons = [...V].sort((a, b) => (a.consHex < b.consHex ? -1 : 1));
const infoJson = (v: (typeof V)[number]) =>
  `{"address":"${v.consAddr}","start_height":"0","index_offset":"0","jailed_until":"1970-01-01T00:00:00Z","tombstoned":false,"missed_blocks_counter":"0"}`;

describe('queries', () => {
  it('Params prints the stratos-1 values with Decs of bytes fields as decimal text', () => {
    expect(rest(new World(), 'Params')).toBe(
      '{"params":{"signed_blocks_window":"10000","min_signed_per_window":"0.050000000000000000","downtime_jail_duration":"21600s","slash_fraction_double_sign":"0.050000000000000000","slash_fraction_downtime":"0.000200000000000000"}}',
    );
  });

  it('SigningInfo of a known consensus address', () => {
    const w = worldWithValidators();
    expect(rest(w, 'SigningInfo', { cons_address: V[1]!.consAddr })).toBe(`{"val_signing_info":${infoJson(V[1]!)}}`);
  });

  it('SigningInfo errors: unknown → NotFound (22 over ABCI), empty → InvalidArgument (18), bad bech32 → a plain Go error (18 over ABCI: gRPCErrorToSDKError wraps it in ErrInvalidRequest)', () => {
    const w = new World();
    const unknown = valOf(3).consAddr;
    expect(rest(w, 'SigningInfo', { cons_address: unknown })).toBe(`error 22: rpc error: code = NotFound desc = SigningInfo not found for validator ${unknown}: key not found`);
    expect(rest(w, 'SigningInfo', { cons_address: '' })).toBe('error 18: rpc error: code = InvalidArgument desc = invalid request: invalid request');
    expect(rest(w, 'SigningInfo', { cons_address: keys[0]!.address })).toMatch(/^error 18: invalid Bech32 prefix; expected stvalcons, got st: invalid request$/);
  });

  it('SigningInfos lists by consensus address bytes, with the total when no limit is given', () => {
    const w = worldWithValidators();
    expect(rest(w, 'SigningInfos')).toBe(`{"info":[${sortedByCons.map(infoJson).join(',')}],"pagination":{"next_key":null,"total":"3"}}`);
  });

  it('SigningInfos with both key and offset fails as the SDK\'s plain pagination error (gRPC Unknown; 18 over ABCI)', () => {
    const w = worldWithValidators();
    expect(rest(w, 'SigningInfos', { pagination: { key: new Uint8Array([1]), offset: 1n } })).toBe('error 18: invalid request, either offset or key is expected, got both: invalid request');
  });

  it('SigningInfos pages: limit 2 gives next_key len‖consAddr of the third', () => {
    const w = worldWithValidators();
    const third = Buffer.concat([Buffer.from([20]), Buffer.from(sortedByCons[2]!.consHex, 'hex')]).toString('base64');
    expect(rest(w, 'SigningInfos', { pagination: { limit: 2n } })).toBe(
      `{"info":[${sortedByCons.slice(0, 2).map(infoJson).join(',')}],"pagination":{"next_key":"${third}","total":"0"}}`,
    );
    expect(rest(w, 'SigningInfos', { pagination: { key: Buffer.from(third, 'base64') } })).toBe(
      `{"info":[${infoJson(sortedByCons[2]!)}],"pagination":{"next_key":null,"total":"0"}}`,
    );
  });
});

describe('params and genesis', () => {
  it('minSignedPerWindow rounds min_signed × window: 500 on stratos-1, 10 for 0.5 × 20', () => {
    expect(minSignedPerWindow(DEFAULT_SLASHING_PARAMS)).toBe(500n);
    expect(minSignedPerWindow({ ...DEFAULT_SLASHING_PARAMS, signed_blocks_window: 20n, min_signed_per_window: 5n * 10n ** 17n })).toBe(10n);
  });

  it('the default genesis is the stratos-1 one', () => {
    expect(defaultSlashingGenesis()).toEqual({
      params: {
        signed_blocks_window: '10000',
        min_signed_per_window: '0.050000000000000000',
        downtime_jail_duration: '21600s',
        slash_fraction_double_sign: '0.050000000000000000',
        slash_fraction_downtime: '0.000200000000000000',
      },
      signing_infos: [],
      missed_blocks: [],
    });
  });

  it('ValidateGenesis texts', () => {
    const p = slashingParamsToJson(DEFAULT_SLASHING_PARAMS);
    const bad = (over: Record<string, unknown>) => () => validateSlashingGenesis({ params: { ...p, ...over }, signing_infos: [], missed_blocks: [] });
    expect(bad({ slash_fraction_downtime: '1.5' })).toThrow('slashing fraction downtime should be less than or equal to one and greater than zero, is 1.500000000000000000');
    expect(bad({ slash_fraction_double_sign: '-0.1' })).toThrow('slashing fraction double sign should be less than or equal to one and greater than zero, is -0.100000000000000000');
    expect(bad({ min_signed_per_window: '2' })).toThrow('min signed per window should be less than or equal to one and greater than zero, is 2.000000000000000000');
    expect(bad({ downtime_jail_duration: '59s' })).toThrow('downtime unjail duration must be at least 1 minute, is 59s');
    expect(bad({ signed_blocks_window: '9' })).toThrow('signed blocks window must be at least 10, is 9');
  });

  it('genesis signing infos and missed blocks are imported and exported unchanged', () => {
    const g = {
      params: slashingParamsToJson({ ...DEFAULT_SLASHING_PARAMS, signed_blocks_window: 20n }),
      signing_infos: [
        {
          address: V[0]!.consAddr,
          validator_signing_info: { address: V[0]!.consAddr, start_height: '3', index_offset: '7', jailed_until: '2024-01-01T06:00:00Z', tombstoned: false, missed_blocks_counter: '2' },
        },
      ],
      missed_blocks: [{ address: V[0]!.consAddr, missed_blocks: [{ index: '1', missed: true }, { index: '4', missed: false }, { index: '6', missed: true }] }],
    };
    const w = new World({ slashing: g });
    expect(exportSlashingGenesis(w.app.state)).toEqual(g);
  });
});

describe('MsgUpdateParams', () => {
  const params = (over: Record<string, unknown> = {}) => ({
    signed_blocks_window: 100n,
    min_signed_per_window: '0.500000000000000000',
    downtime_jail_duration: { seconds: 60n, nanos: 0 },
    slash_fraction_double_sign: '0.100000000000000000',
    slash_fraction_downtime: '0.010000000000000000',
    ...over,
  });
  const update = (authority: string, p = params()): TxMessage => ({ typeName: `${S}.MsgUpdateParams`, value: { authority, params: p } });

  it('given a signer other than gov, then gov 13', () => {
    const w = new World();
    const k = keys[0]!;
    w.fails(k, [update(k.address)], 'gov', 13, `failed to execute message; message index: 0: invalid authority; expected ${GOV}, got ${k.address}: expected gov account as only signer for proposal message`);
  });

  it('given an authority that is no address, then ValidateBasic fails (undefined 1)', () => {
    const w = new World();
    const r = w.deliver(keys[0]!, [update('gov')]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'undefined', code: 1 });
    expect(r.log).toMatch(/^invalid authority address: /);
  });

  it('given invalid params, then ValidateBasic fails with the plain error text (undefined 1)', () => {
    const w = new World();
    const k = keys[0]!;
    const r = w.deliver(k, [update(k.address, params({ signed_blocks_window: 0n }))]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'undefined', code: 1, log: 'signed blocks window must be positive: 0' });
    const r2 = w.deliver(k, [update(k.address, params({ downtime_jail_duration: { seconds: 0n, nanos: 0 } }))]);
    expect(r2.log).toBe('downtime jail duration must be positive: 0s');
    const r3 = w.deliver(k, [update(k.address, params({ slash_fraction_downtime: '1.000000000000000001' }))]);
    expect(r3.log).toBe('downtime slash fraction too large: 1.000000000000000001');
  });

  it('given the gov authority (as a passed proposal executes it), then the params are replaced', () => {
    const w = new World();
    const ctx: Ctx = { block: { chainId: CHAIN_ID, height: 1n, timeNs: 0n, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };
    const next = produce(w.app.state, (d) => {
      msgUpdateSlashingParams.handle(d, { authority: GOV, params: params() }, ctx);
    });
    expect(next.slashing.params).toEqual({
      signed_blocks_window: 100n,
      min_signed_per_window: 5n * 10n ** 17n,
      downtime_jail_duration: 60n * SEC,
      slash_fraction_double_sign: 10n ** 17n,
      slash_fraction_downtime: 10n ** 16n,
    });
  });
});
