/**
 * Mint (reference/sdk-modules.md §5, §8): BeginBlock with the stratos-1 zero rates (zero event,
 * empty bank events) and with the SDK's default non-zero rates against values computed by hand;
 * queries as the REST gateway prints them and on the wire; params, genesis and MsgUpdateParams.
 */
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { protoReply } from '../../../src/api/rest/grpc-gateway.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { creditGenesisBalance } from '../../../src/modules/bank/state.ts';
import { defaultMintGenesis, exportMintGenesis, validateMintGenesis } from '../../../src/modules/mint/genesis.ts';
import { msgUpdateMintParams } from '../../../src/modules/mint/msgs.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { CHAIN_ID } from '../../helpers/fixture.ts';
import { eventsOf, GOV, keys, STOS, World } from '../slashing/harness.ts';

const S = 'sdk.mint.v1beta1';
const MINT = moduleAccountAddress('mint');
const FEE_COLLECTOR = moduleAccountAddress('fee_collector');
const BONDED_POOL = moduleAccountAddress('bonded_tokens_pool');

/** The SDK's default mint genesis (inflation 0.13, rate change 0.13, 7 %–20 %, goal 0.67). */
const SDK_DEFAULTS = {
  minter: { inflation: '0.130000000000000000', annual_provisions: '0.000000000000000000' },
  params: {
    mint_denom: 'wei',
    inflation_rate_change: '0.130000000000000000',
    inflation_max: '0.200000000000000000',
    inflation_min: '0.070000000000000000',
    goal_bonded: '0.670000000000000000',
    blocks_per_year: '6311520',
  },
};

/** 4 accounts × 1000 STOS plus `bonded` STOS in the bonded pool. */
function world(mint?: unknown, bonded = 1000n): World {
  const w = new World(mint ? { mint } : {});
  w.patch((d) => {
    creditGenesisBalance(d, BONDED_POOL, [{ denom: 'wei', amount: bonded * STOS }]);
    (d.bank.supply as Record<string, bigint>).wei = (d.bank.supply.wei ?? 0n) + bonded * STOS;
  });
  return w;
}

function rest(w: World, method: string): string {
  const c = w.app.codec;
  const reqType = `${S}.Query${method}Request`;
  const r = w.app.query(`/${S}.Query/${method}`, c.encode(reqType, c.create(reqType, {})));
  return protoReply(c, `${S}.Query${method}Response`, c.decode(`${S}.Query${method}Response`, r.value), 0n).body as string;
}

describe('BeginBlock with the stratos-1 zero rates', () => {
  it('emits the empty mint → fee_collector bank events and a mint event of zeros; nothing is minted', () => {
    const w = new World();
    const supply = w.app.state.bank.supply.wei;
    const r = w.block();
    expect(eventsOf(r.begin).slice(0, 5)).toEqual([
      ['coin_spent', { spender: MINT, amount: '' }],
      ['coin_received', { receiver: FEE_COLLECTOR, amount: '' }],
      ['transfer', { recipient: FEE_COLLECTOR, sender: MINT, amount: '' }],
      ['message', { sender: MINT }],
      ['mint', { bonded_ratio: '0.000000000000000000', inflation: '0.000000000000000000', annual_provisions: '0.000000000000000000', amount: '0' }],
    ]);
    expect(w.app.state.bank.supply.wei).toBe(supply);
    expect(w.app.state.mint.minter).toEqual({ inflation: 0n, annual_provisions: 0n });
  });

  it('queries print the stratos-1 values', () => {
    const w = new World();
    expect(rest(w, 'Params')).toBe(
      '{"params":{"mint_denom":"wei","inflation_rate_change":"0.000000000000000000","inflation_max":"0.000000000000000000","inflation_min":"0.000000000000000000","goal_bonded":"0.670000000000000000","blocks_per_year":"6311520"}}',
    );
    expect(rest(w, 'Inflation')).toBe('{"inflation":"0.000000000000000000"}');
    expect(rest(w, 'AnnualProvisions')).toBe('{"annual_provisions":"0.000000000000000000"}');
  });
});

describe('BeginBlock with non-zero rates (values computed by hand)', () => {
  // supply 5000 STOS, bonded 1000 STOS → ratio 0.2; 0.2 / 0.67 = 0.298507462686567164 (Quo half-even);
  // (1 − that) × 0.13 = 0.091194029850746269; ÷ 6311520 = 0.000000014448822130;
  // inflation 0.130000014448822130; annual = × 5·10^21 = 650000072244110650000;
  // block provision = trunc(annual / 6311520) = 102986296841982 wei
  it('block 1: inflation, annual provisions, minted amount and the events in order', () => {
    const w = world(SDK_DEFAULTS);
    const feesBefore = w.balance(FEE_COLLECTOR);
    const r = w.block();
    const minted = '102986296841982wei';
    expect(eventsOf(r.begin).slice(0, 7)).toEqual([
      ['coin_received', { receiver: MINT, amount: minted }],
      ['coinbase', { minter: MINT, amount: minted }],
      ['coin_spent', { spender: MINT, amount: minted }],
      ['coin_received', { receiver: FEE_COLLECTOR, amount: minted }],
      ['transfer', { recipient: FEE_COLLECTOR, sender: MINT, amount: minted }],
      ['message', { sender: MINT }],
      [
        'mint',
        {
          bonded_ratio: '0.200000000000000000',
          inflation: '0.130000014448822130',
          annual_provisions: '650000072244110650000.000000000000000000',
          amount: '102986296841982',
        },
      ],
    ]);
    expect(w.balance(FEE_COLLECTOR) - feesBefore).toBe(102_986_296_841_982n);
    expect(w.balance(MINT)).toBe(0n);
    expect(w.app.state.bank.supply.wei).toBe(5000n * STOS + 102_986_296_841_982n);
    expect(rest(w, 'Inflation')).toBe('{"inflation":"0.130000014448822130"}');
    expect(rest(w, 'AnnualProvisions')).toBe('{"annual_provisions":"650000072244110650000.000000000000000000"}');
  });

  // block 2: supply 5000 STOS + 102986296841982 → ratio 0.199999995880548211 (QuoInt truncates),
  // inflation 0.130000028897644387, annual 650000157876443500519.042873616968255034 (fraction kept),
  // provision trunc(… / 6311520) = 102986310409607
  it('block 2: the ratio falls with the minted supply and the provision truncates a fractional annual amount', () => {
    const w = world(SDK_DEFAULTS);
    w.block();
    const r = w.block();
    expect(eventsOf(r.begin, 'mint')).toEqual([
      [
        'mint',
        {
          bonded_ratio: '0.199999995880548211',
          inflation: '0.130000028897644387',
          annual_provisions: '650000157876443500519.042873616968255034',
          amount: '102986310409607',
        },
      ],
    ]);
  });

  it('inflation is clamped to inflation_max', () => {
    const w = world({ ...SDK_DEFAULTS, params: { ...SDK_DEFAULTS.params, inflation_max: '0.130000000000000000' } });
    const r = w.block();
    expect(eventsOf(r.begin, 'mint')[0]![1]).toMatchObject({ inflation: '0.130000000000000000', annual_provisions: '650000000000000000000.000000000000000000' });
  });

  it('above goal_bonded the change is negative, and inflation is clamped to inflation_min', () => {
    // 10000 of 14000 STOS bonded → ratio 0.714285714285714285 > 0.67: the change is negative and
    // 0.070000000000000001 + change falls below inflation_min
    const w = world({ ...SDK_DEFAULTS, minter: { ...SDK_DEFAULTS.minter, inflation: '0.070000000000000001' } }, 10000n);
    const r = w.block();
    expect(eventsOf(r.begin, 'mint')[0]![1]).toMatchObject({ bonded_ratio: '0.714285714285714285', inflation: '0.070000000000000000' });
  });
});

describe('params and genesis', () => {
  it('the default genesis is stratos-1 zero inflation', () => {
    expect(defaultMintGenesis()).toEqual({
      minter: { inflation: '0.000000000000000000', annual_provisions: '0.000000000000000000' },
      params: {
        mint_denom: 'wei',
        inflation_rate_change: '0.000000000000000000',
        inflation_max: '0.000000000000000000',
        inflation_min: '0.000000000000000000',
        goal_bonded: '0.670000000000000000',
        blocks_per_year: '6311520',
      },
    });
  });

  it('genesis is imported and exported unchanged', () => {
    const w = new World({ mint: SDK_DEFAULTS });
    expect(exportMintGenesis(w.app.state)).toEqual(SDK_DEFAULTS);
  });

  it('ValidateGenesis and Params.Validate texts', () => {
    const bad = (params: Record<string, unknown>, minter = SDK_DEFAULTS.minter) => () =>
      validateMintGenesis({ minter, params: { ...SDK_DEFAULTS.params, ...params } });
    expect(bad({}, { ...SDK_DEFAULTS.minter, inflation: '-0.1' })).toThrow('mint parameter Inflation should be positive, is -0.100000000000000000');
    expect(bad({ mint_denom: ' ' })).toThrow('mint denom cannot be blank');
    expect(bad({ mint_denom: '1x' })).toThrow('invalid denom: 1x');
    expect(bad({ inflation_rate_change: '-1' })).toThrow('inflation rate change cannot be negative: -1.000000000000000000');
    expect(bad({ inflation_max: '1.1' })).toThrow('max inflation too large: 1.100000000000000000');
    expect(bad({ inflation_min: '-0.5' })).toThrow('min inflation cannot be negative: -0.500000000000000000');
    expect(bad({ goal_bonded: '0' })).toThrow('goal bonded must be positive: 0.000000000000000000');
    expect(bad({ goal_bonded: '1.5' })).toThrow('goal bonded too large: 1.500000000000000000');
    expect(bad({ blocks_per_year: '0' })).toThrow('blocks per year must be positive: 0');
    expect(bad({ inflation_min: '0.3' })).toThrow('max inflation (0.200000000000000000) must be greater than or equal to min inflation (0.300000000000000000)');
  });
});

describe('MsgUpdateParams', () => {
  const update = (authority: string, over: Record<string, unknown> = {}): TxMessage => ({
    typeName: `${S}.MsgUpdateParams`,
    value: { authority, params: { ...SDK_DEFAULTS.params, blocks_per_year: 100n, ...over } },
  });

  it('given a signer other than gov, then gov 13', () => {
    const w = new World();
    const k = keys[0]!;
    w.fails(k, [update(k.address)], 'gov', 13, `failed to execute message; message index: 0: invalid authority; expected ${GOV}, got ${k.address}: expected gov account as only signer for proposal message`);
  });

  it('given invalid params, then ValidateBasic fails with the plain error (undefined 1)', () => {
    const w = new World();
    const k = keys[0]!;
    const r = w.deliver(k, [update(k.address, { blocks_per_year: 0n })]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'undefined', code: 1, log: 'blocks per year must be positive: 0' });
  });

  it('given the gov authority, then the params are replaced', () => {
    const w = new World();
    const ctx: Ctx = { block: { chainId: CHAIN_ID, height: 1n, timeNs: 0n, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };
    const next = produce(w.app.state, (d) => {
      msgUpdateMintParams.handle(d, update(GOV).value as any, ctx);
    });
    expect(next.mint.params).toEqual({
      mint_denom: 'wei',
      inflation_rate_change: 13n * 10n ** 16n,
      inflation_max: 2n * 10n ** 17n,
      inflation_min: 7n * 10n ** 16n,
      goal_bonded: 67n * 10n ** 16n,
      blocks_per_year: 100n,
    });
  });
});

describe('wire form of the bytes Dec fields', () => {
  it('Inflation over gRPC/ABCI carries the atomic integer as ASCII', () => {
    const w = world(SDK_DEFAULTS);
    const c = w.app.codec;
    const r = w.app.query(`/${S}.Query/Inflation`, c.encode(`${S}.QueryInflationRequest`, {}));
    // field 1, length 18, "130000000000000000"
    expect(Buffer.from(r.value).toString('latin1')).toBe('\x0a\x12130000000000000000');
  });
});
