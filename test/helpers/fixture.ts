/** Keys, genesis and signing shortcuts for given/when/then tests of the app. */
import { accAddress } from '../../src/crypto/address.ts';
import { derivePrivateKey } from '../../src/crypto/hd.ts';
import { hdPath } from '../../src/crypto/hd.ts';
import { makePrivKey, pubKeyAddress, pubKeyOf, type PrivKey } from '../../src/crypto/keys.ts';
import { signTx, type TxMessage, type UnsignedTx } from '../../src/client/sign-tx.ts';
import type { GenesisDoc } from '../../src/state/genesis.ts';
import { defaultConsensusParams } from '../../src/state/genesis.ts';

export const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const CHAIN_ID = 'stratos-test';
export const GENESIS_TIME = '2024-01-01T00:00:00Z';

export interface TestKey {
  readonly priv: PrivKey;
  readonly address: string;
}

export function testKey(index: number): TestKey {
  const priv = makePrivKey('eth_secp256k1', derivePrivateKey(MNEMONIC, hdPath(0, index)));
  return { priv, address: accAddress(pubKeyAddress(pubKeyOf(priv))) };
}

/** A genesis where each given account holds the given wei. */
export function genesisWith(balances: readonly [string, bigint][], extra: Partial<GenesisDoc> = {}): GenesisDoc {
  return {
    genesis_time: GENESIS_TIME,
    chain_id: CHAIN_ID,
    initial_height: '1',
    consensus_params: defaultConsensusParams(),
    app_hash: '',
    app_state: {
      auth: {
        params: { max_memo_characters: '256', tx_sig_limit: '7', tx_size_cost_per_byte: '10', sig_verify_cost_ed25519: '590', sig_verify_cost_secp256k1: '1000' },
        accounts: balances.map(([address], i) => ({ '@type': '/sdk.auth.v1beta1.BaseAccount', address, pub_key: null, account_number: String(i), sequence: '0' })),
      },
      bank: {
        params: { send_enabled: [], default_send_enabled: true },
        balances: balances.map(([address, amount]) => ({ address, coins: [{ denom: 'wei', amount: amount.toString() }] })),
        supply: [],
        denom_metadata: [],
        send_enabled: [],
      },
    },
    ...extra,
  };
}

export function msgSend(from: string, to: string, amount: bigint): TxMessage {
  return { typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: from, to_address: to, amount: [{ denom: 'wei', amount: amount.toString() }] } };
}

export function signed(key: TestKey, accountNumber: bigint, sequence: bigint, tx: UnsignedTx, opts: { chainId?: string; mode?: 'direct' | 'amino-json' } = {}): Uint8Array {
  return signTx(tx, { chainId: opts.chainId ?? CHAIN_ID, mode: opts.mode, signers: [{ privKey: key.priv, accountNumber, sequence }] });
}
