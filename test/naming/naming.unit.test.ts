/**
 * The naming profile's helpers (src/naming.ts) and how a genesis selects it: the consensus-engine
 * service's inner word, REST roots, the genesis record and its refusals, InitChain in the chain's words.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { Chain } from '../../src/abci/chain.ts';
import { createCodec } from '../../src/codec/registry.ts';
import { clientProfileMismatch, NEUTRAL, neutralize, profileOfAppState, qualify, qualifyGenesisJson, REAL, restPath, routedQueryName, wrongProfileHint } from '../../src/naming.ts';
import { genesisWith, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);

describe('words', () => {
  it('the consensus-engine service: sdk.base.consensus ↔ cosmos.base.tendermint', () => {
    expect(qualify(REAL, 'sdk.base.consensus.v1beta1.Service')).toBe('cosmos.base.tendermint.v1beta1.Service');
    expect(neutralize(REAL, '/cosmos.base.tendermint.v1beta1.Service/GetSyncing')).toBe('/sdk.base.consensus.v1beta1.Service/GetSyncing');
    expect(qualify(NEUTRAL, 'sdk.base.consensus.v1beta1.Service')).toBe('sdk.base.consensus.v1beta1.Service');
    expect(createCodec(REAL).root.lookupService('cosmos.base.tendermint.v1beta1.Service').methods.GetSyncing).toBeDefined();
  });

  it('REST roots', () => {
    expect(restPath(REAL, '/sdk/bank/v1beta1/balances/{address}')).toBe('/cosmos/bank/v1beta1/balances/{address}');
    expect(restPath(REAL, '/chain/register/v1/resource_node/{network_addr}')).toBe('/stratos/register/v1/resource_node/{network_addr}');
    expect(restPath(REAL, '/sdk/base/consensus/v1beta1/syncing')).toBe('/cosmos/base/tendermint/v1beta1/syncing');
    expect(restPath(NEUTRAL, '/sdk/bank/v1beta1/params')).toBe('/sdk/bank/v1beta1/params');
    expect(restPath(REAL, '/register/resource-node/{nodeAddress}')).toBe('/register/resource-node/{nodeAddress}');
  });

  it("the hint of a type URL in the other profile's words (none on a neutral chain)", () => {
    expect(wrongProfileHint(REAL, '/sdk.bank.v1beta1.MsgSend')).toBe(
      ' (this chain uses the real naming profile: its type URLs start with /cosmos., /stratos., /tendermint.; this one is neutral)',
    );
    expect(wrongProfileHint(REAL, '/cosmos.bank.v1beta1.MsgNope')).toBe('');
    expect(wrongProfileHint(NEUTRAL, '/cosmos.bank.v1beta1.MsgSend')).toBe('');
  });
});

describe('query paths and client-side hints', () => {
  it('routedQueryName: a chain routes its own words; a neutral chain the real words too; a real chain not the neutral ones', () => {
    expect(routedQueryName(REAL, 'cosmos.tx.v1beta1.Service/Simulate')).toBe('sdk.tx.v1beta1.Service/Simulate');
    expect(routedQueryName(REAL, 'cosmos.base.tendermint.v1beta1.Service/GetNodeInfo')).toBe('sdk.base.consensus.v1beta1.Service/GetNodeInfo');
    expect(routedQueryName(REAL, 'sdk.tx.v1beta1.Service/Simulate')).toBeUndefined();
    expect(routedQueryName(REAL, 'cosmos.base.consensus.v1beta1.Service/GetNodeInfo')).toBeUndefined();
    expect(routedQueryName(NEUTRAL, 'sdk.tx.v1beta1.Service/Simulate')).toBe('sdk.tx.v1beta1.Service/Simulate');
    expect(routedQueryName(NEUTRAL, 'cosmos.base.tendermint.v1beta1.Service/GetNodeInfo')).toBe('sdk.base.consensus.v1beta1.Service/GetNodeInfo');
    expect(routedQueryName(NEUTRAL, 'google.Nope/X')).toBeUndefined();
  });

  it("clientProfileMismatch: the node's words, the home's record, the command; nothing for the client's own words", () => {
    expect(clientProfileMismatch(REAL, '/sdk.auth.v1beta1.BaseAccount')).toBe(
      `unable to resolve type URL /sdk.auth.v1beta1.BaseAccount: the node answered in the neutral profile's words (/sdk., /chain., /consensus.), but this home's client.toml records naming = "real"; for a neutral chain, run "chaind config naming neutral"`,
    );
    expect(clientProfileMismatch(NEUTRAL, '/cosmos.auth.v1beta1.BaseAccount', '/h')).toBe(
      `unable to resolve type URL /cosmos.auth.v1beta1.BaseAccount: the node answered in the real profile's words (/cosmos., /stratos., /tendermint.), but this home's client.toml records no naming (the neutral profile); for a real chain, run "chaind config naming real --home /h"`,
    );
    expect(clientProfileMismatch(REAL, '/cosmos.auth.v1beta1.Nope')).toBeUndefined();
    expect(clientProfileMismatch(NEUTRAL, '/x.Y')).toBeUndefined();
  });
});

describe('the genesis record', () => {
  it('app_state.naming selects the profile; absent is neutral; anything else is refused', () => {
    expect(profileOfAppState({})).toBe(NEUTRAL);
    expect(profileOfAppState({ naming: { profile: 'real' } })).toBe(REAL);
    expect(() => profileOfAppState({ naming: { profile: 'cosmos' } })).toThrow(
      'genesis.app_state.naming.profile: unknown naming profile "cosmos" (expected "neutral" or "real")',
    );
    expect(() => profileOfAppState({ naming: 'real' })).toThrow('genesis.app_state.naming: expected {"profile": "neutral" | "real"}, got "real"');
  });

  it('a chain opens with the codec of its genesis; a given codec of another profile is refused', () => {
    const g = genesisWith([[alice.address, 10n ** 21n]]);
    const real = { ...g, app_state: { ...qualifyGenesisJson(REAL, g.app_state), naming: { profile: 'real' } } };
    const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis: real });
    try {
      expect(chain.app.codec.profile).toBe(REAL);
      expect(chain.app.exportGenesis().naming).toEqual({ profile: 'real' });
      expect(JSON.stringify(chain.app.exportGenesis().auth)).toContain('"/cosmos.auth.v1beta1.BaseAccount"');
    } finally {
      chain.close();
    }
    expect(() => Chain.open({ ...appModules, dbPath: ':memory:', genesis: real, codec: createCodec(NEUTRAL) })).toThrow(
      'naming profile mismatch: the genesis records the real naming profile, the app was given the neutral one',
    );
  });

  it("InitChain of a real chain refuses a neutral @type, naming where it is", () => {
    const g = genesisWith([[alice.address, 10n ** 21n]]);
    const app = new App({ ...appModules, codec: createCodec(REAL) });
    expect(() => app.initChain({ ...g, app_state: { ...g.app_state, naming: { profile: 'real' } } })).toThrow(
      'genesis.app_state.auth.accounts[0].@type: unknown type URL /sdk.auth.v1beta1.BaseAccount (this chain uses the real naming profile',
    );
  });
});
