/**
 * The fixture of the staking-family CLI tests: a node in the test process (test/cli/tx/cli-node.ts)
 * whose consensus key (seed 7) is also the home's `priv_validator_key.json`, so that
 * `tx staking create-validator` without `--pubkey` makes alice's validator with the key the node
 * signs with; alice and bob (10^6 stos each) in the `test` keyring.
 */
import { join } from 'node:path';
import { createPrivValidatorKey, savePrivValidatorKey } from '../../../../src/consensus/keys.ts';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { hdPath } from '../../../../src/crypto/hd.ts';
import { openKeyring } from '../../../../src/crypto/keyring/open.ts';
import { DEFAULT_GAS_LIMIT, signTxDocument, unsignedTxDocument } from '../../../../src/client/sign-tx.ts';
import { createValidatorMsg, type CreateValidatorOptions } from '../../../../src/cli/tx/staking/create-validator.ts';
import { codec } from '../../../../src/codec/index.ts';
import { printProtoJson } from '../../../../src/codec/proto-json.ts';
import { pubKeyOf, signBytes } from '../../../../src/crypto/keys.ts';
import { CHAIN_ID, genesisWith, MNEMONIC, testKey } from '../../../helpers/fixture.ts';
import { SECOND, startCliNode, T0, type CliNode } from '../cli-node.ts';

export const ALICE = testKey(0).address;
export const BOB = testKey(1).address;
export const ALICE_VAL = valAddress(addressFromBech32(ALICE));
export const BOB_VAL = valAddress(addressFromBech32(BOB));
export const FUNDS = 10n ** 24n;
export const CONS_KEY = createPrivValidatorKey(new Uint8Array(32).fill(7));
export const CONS_PUBKEY_JSON = `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${Buffer.from(CONS_KEY.pubKey).toString('base64')}"}`;
/** 200000 gas at 1 gwei */
export const FEE = `${200000n * 1000000000n}wei`;

export interface StakingNode extends CliNode {
  /** the time of the last block `deliver` made */
  time: bigint;
}

/** The CLI's MsgCreateValidator for alice (10 stos, the node's key), signed as `chaind genesis gentx` signs (account 0, sequence 0). */
async function aliceGentx(): Promise<unknown> {
  const key = testKey(0);
  const opts: CreateValidatorOptions = {
    amount: '10stos',
    moniker: 'alice-val',
    identity: '',
    website: '',
    securityContact: '',
    details: '',
    commissionRate: '0.1',
    commissionMaxRate: '0.2',
    commissionMaxChangeRate: '0.01',
    minSelfDelegation: '1',
  };
  const doc = unsignedTxDocument({ messages: [createValidatorMsg(ALICE, opts, CONS_PUBKEY_JSON, codec)], memo: '', fee: [], gasLimit: DEFAULT_GAS_LIMIT }, codec);
  const signed = await signTxDocument(
    doc,
    { pubKey: pubKeyOf(key.priv), chainId: CHAIN_ID, accountNumber: 0n, sequence: 0n, mode: 'direct', overwrite: true, sign: async (bytes) => signBytes(key.priv, bytes) },
    codec,
  );
  return JSON.parse(printProtoJson('sdk.tx.v1beta1.Tx', signed, { codec }));
}

/**
 * `appState`: module genesis sections to set (e.g. slashing params with a short window).
 * `aliceValidator`: alice's validator (10 stos, the node's key) made at genesis by a gentx, so that
 * the consensus set follows staking from the start (without it the set is the genesis file's,
 * fixed, and only the node's key votes).
 */
export async function startStakingNode(name: string, appState: Record<string, unknown> = {}, opts: { aliceValidator?: boolean } = {}): Promise<StakingNode> {
  const genesis = genesisWith([[ALICE, FUNDS], [BOB, FUNDS]]);
  Object.assign(genesis.app_state, appState);
  if (opts.aliceValidator) genesis.app_state.genutil = { gen_txs: [await aliceGentx()] };
  const n = (await startCliNode(name, genesis)) as StakingNode;
  n.time = T0;
  await openKeyring({ backend: 'test', dir: n.home }).newAccount('bob', MNEMONIC, '', hdPath(0, 1), 'eth_secp256k1');
  savePrivValidatorKey(join(n.home, 'config', 'priv_validator_key.json'), CONS_KEY);
  return n;
}

/** Makes the next block, one second after the previous one. */
export function nextBlock(n: StakingNode): void {
  n.time += SECOND;
  n.setTime(n.time);
  n.node.produceBlock();
}

/**
 * Runs `chaind tx …` signed by `from`, puts it in the next block and returns the tx result's code
 * and log (empty on success).
 */
export async function deliver(n: StakingNode, from: string, args: string[]): Promise<{ code: number; log: string }> {
  const r = await n.chaind([...args, '--from', from, '--fees', FEE, '-y', '-o', 'json']);
  if (r.code !== 0 || r.stderr !== '') throw new Error(`chaind ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  const check = JSON.parse(r.stdout) as { txhash: string; code: number; raw_log: string };
  if (check.code !== 0) return { code: check.code, log: check.raw_log };
  nextBlock(n);
  const res = n.node.tx(check.txhash)!.result;
  return { code: res.code, log: res.code === 0 ? '' : res.log };
}

/** `chaind query …` that must succeed: its stdout */
export async function queryOk(n: CliNode, args: string[]): Promise<string> {
  const r = await n.chaind(['query', ...args]);
  if (r.code !== 0 || r.stderr !== '') throw new Error(`chaind query ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
}
