/**
 * A home whose chain has one staking validator from a gentx: `init`, alice's key from the test
 * mnemonic, her genesis account of 1000 STOS, her gentx of 100 STOS, `collect-gentxs`.
 */
import { expect } from 'vitest';
import { tempHome } from '../run-chaind.ts';
import { chaind } from './in-process.ts';

export const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** reference/wire-formats.md §3.1: m/44'/606'/0'/0/0 of the mnemonic above, and its operator address */
export const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
export const ALICE_VALOPER = 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d';

export async function gentxHome(chainId: string, o: { readonly moniker?: string; readonly initArgs?: readonly string[] } = {}): Promise<string> {
  const home = await tempHome();
  expect((await chaind(['init', 'val', '--home', home, '--chain-id', chainId, ...(o.initArgs ?? [])])).code).toBe(0);
  expect((await chaind(['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test', '--home', home], [MNEMONIC])).code).toBe(0);
  expect((await chaind(['genesis', 'add-genesis-account', ALICE, '1000stos', '--home', home])).code).toBe(0);
  const moniker = o.moniker ? ['--moniker', o.moniker] : [];
  expect((await chaind(['genesis', 'gentx', 'alice', '100stos', '--keyring-backend', 'test', '--home', home, ...moniker])).code).toBe(0);
  expect((await chaind(['genesis', 'collect-gentxs', '--home', home])).code).toBe(0);
  return home;
}
