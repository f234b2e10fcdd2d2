/**
 * A chain of three blocks made by the consensus engine with a fixed validator key (node0 of the
 * stratos-chain sample network) and fixed block times, so hashes, signatures and JSON are stable.
 */
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { cometBlockMeta } from '../../src/consensus/block-meta.ts';
import { privValidatorKeyFromJson, validatorFromKey } from '../../src/consensus/keys.ts';
import { defaultConsensusParams } from '../../src/state/genesis.ts';
import { parseTimeNs } from '../../src/state/block-info.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

export const validatorKey = privValidatorKeyFromJson({
  address: '0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC',
  pub_key: { type: 'tendermint/PubKeyEd25519', value: 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=' },
  priv_key: { type: 'tendermint/PrivKeyEd25519', value: 'utkO0KF9Rli/0HBq/JqJjoPz23pqaHXf6ncuxCGktFdXvurYgaiJJI26GkdoEk3z1HNA+aUWCrKyBfsFGRRBPA==' },
});
export const validators = [validatorFromKey(validatorKey, 100)];
export const consensusParams = defaultConsensusParams();

export const alice = testKey(0);
export const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
export const sendTx = (seq: bigint, amount: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE });

export const BLOCK_TIMES = ['2024-01-01T00:00:01.5Z', '2024-01-01T00:00:02.123456789Z', '2024-01-01T00:00:03Z'] as const;

/** The txs of the three blocks: two sends; one send with a stale sequence (fails, code 32); none. */
export const BLOCK_TXS = (): Uint8Array[][] => [[sendTx(0n, 5n), sendTx(1n, 6n)], [sendTx(0n, 7n)], []];

export function openChain(dbPath: string): Chain {
  return Chain.open({
    ...appModules,
    dbPath,
    genesis: genesisWith([[alice.address, 10n ** 21n]]),
    blockMeta: cometBlockMeta({ privValidatorKeys: [validatorKey], genesisValidators: validators, consensusParams }),
  });
}

export function threeBlocks(dbPath = ':memory:'): Chain {
  const chain = openChain(dbPath);
  const txs = BLOCK_TXS();
  BLOCK_TIMES.forEach((t, i) => chain.commitBlock(txs[i]!, parseTimeNs(t)));
  return chain;
}
