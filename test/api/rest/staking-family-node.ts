/**
 * A deterministic 3-validator node for the staking, distribution, mint and slashing REST golden
 * files and the CosmJS extension tests: fixed account keys (test mnemonic), fixed ed25519
 * consensus keys (seeds 11, 12, 13), gentxs built and signed here (so the genesis is the same on
 * every run), the in-process consensus engine signing with all three keys, and a clock that gives
 * block n the time 2024-01-01T00:00:0n.25Z (n seconds and a quarter after genesis: the fraction
 * shows proto-JSON's 3-digit groups `.250` beside Go encoding/json's trimmed `.25`). Every hash, time and figure of the answers is
 * therefore the same on every run: the golden files need no masking.
 *
 * The scenario (`runScenario`), one tx per block, each paying the 0.0002 stos fee that
 * distribution allocates at the next block:
 * - genesis: val0 (key 0) bonds 300 stos, val1 (key 1) and val2 (key 2) 100 stos each; commission
 *   10% / 5% / 20%; short slashing window (10 blocks, 50%, 1% downtime slash); historical_entries 5
 * - dev (key 3) delegates 50 stos to val0 and 20 stos to val1, unbonds 5 stos from val0, redelegates
 *   10 stos from val1 to val2; key 4 sets its withdraw address to dev, delegates 1 stos to val2
 *   and funds the community pool with 3 stos
 * - the operator switches val2 offline (its signature is absent from the commits) until slashing
 *   jails it and slashes it 1% for downtime; val2 leaves the bonded set; a few blocks follow
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appModules } from '../../../src/abci/modules.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { startRestServer } from '../../../src/api/rest/server.ts';
import { startRpcServer, type RunningRpcServer } from '../../../src/api/rpc/server.ts';
import { nodeServiceQueries } from '../../../src/api/grpc/node-services.ts';
import { protoJsonValue } from '../../../src/codec/proto-json.ts';
import { createCodec } from '../../../src/codec/registry.ts';
import { addressFromBech32, Hrp, valAddress } from '../../../src/crypto/address.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, type PrivValidatorKey } from '../../../src/consensus/keys.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { OperatorControl } from '../../../src/node/consensus-control.ts';
import { Node } from '../../../src/node/node.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import { genesisWith, signed, testKey, type TestKey } from '../../helpers/fixture.ts';

export const STOS = 10n ** 18n;
export const FEE_AMOUNT = 200_000_000_000_000n;
const FEE = [{ denom: 'wei', amount: FEE_AMOUNT.toString() }];

export const keys = [0, 1, 2, 3, 4].map((i) => testKey(i));
export const [k0, k1, k2, dev, k4] = keys as [TestKey, TestKey, TestKey, TestKey, TestKey];
/** the operator address (`stvaloper1…`) of an account */
export const valoper = (k: TestKey): string => valAddress(addressFromBech32(k.address, Hrp.account));
export const consKeys: PrivValidatorKey[] = [11, 12, 13].map((seed) => createPrivValidatorKey(new Uint8Array(32).fill(seed)));
export const SELF_BOND = [300n * STOS, 100n * STOS, 100n * STOS];
const RATES = ['0.100000000000000000', '0.050000000000000000', '0.200000000000000000'];
export const ACCOUNT_FUNDS = 1000n * STOS;

/** Block n is made at 2024-01-01T00:00:00Z + n.25 s. */
export const blockTime = (n: number | bigint) => parseTimeNs('2024-01-01T00:00:00Z') + BigInt(n) * 1_000_000_000n + 250_000_000n;

const T = 'sdk.staking.v1beta1';
const D = 'sdk.distribution.v1beta1';
const coin = (amount: bigint) => ({ denom: 'wei', amount: amount.toString() });
export const msg = {
  delegate: (del: string, val: string, amount: bigint): TxMessage => ({ typeName: `${T}.MsgDelegate`, value: { delegator_address: del, validator_address: val, amount: coin(amount) } }),
  undelegate: (del: string, val: string, amount: bigint): TxMessage => ({ typeName: `${T}.MsgUndelegate`, value: { delegator_address: del, validator_address: val, amount: coin(amount) } }),
  redelegate: (del: string, src: string, dst: string, amount: bigint): TxMessage => ({
    typeName: `${T}.MsgBeginRedelegate`,
    value: { delegator_address: del, validator_src_address: src, validator_dst_address: dst, amount: coin(amount) },
  }),
  setWithdrawAddress: (del: string, to: string): TxMessage => ({ typeName: `${D}.MsgSetWithdrawAddress`, value: { delegator_address: del, withdraw_address: to } }),
  fundCommunityPool: (from: string, amount: bigint): TxMessage => ({ typeName: `${D}.MsgFundCommunityPool`, value: { amount: [coin(amount)], depositor: from } }),
};

function gentx(codec: ReturnType<typeof createCodec>, i: number): unknown {
  const k = keys[i]!;
  const create: TxMessage = {
    typeName: `${T}.MsgCreateValidator`,
    value: {
      description: { moniker: `val${i}`, identity: '', website: '', security_contact: '', details: '' },
      commission: { rate: RATES[i], max_rate: '0.500000000000000000', max_change_rate: '0.010000000000000000' },
      min_self_delegation: '1',
      delegator_address: k.address,
      validator_address: valoper(k),
      pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 32, ...consKeys[i]!.pubKey]) },
      value: coin(SELF_BOND[i]!),
    },
  };
  // genesis txs are signed with account number 0 (the SDK's ante handler at height 0)
  const bytes = signed(k, 0n, 0n, { messages: [create], fee: [], gasLimit: 400_000n, memo: `${consKeys[i]!.address.toLowerCase()}@127.0.0.1:26656` });
  const raw = codec.decode('sdk.tx.v1beta1.TxRaw', bytes) as { body_bytes: Uint8Array; auth_info_bytes: Uint8Array; signatures: Uint8Array[] };
  const tx = { body: codec.decode('sdk.tx.v1beta1.TxBody', raw.body_bytes), auth_info: codec.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes), signatures: raw.signatures };
  return protoJsonValue('sdk.tx.v1beta1.Tx', tx, { codec });
}

export interface StakingNode {
  readonly node: Node;
  readonly control: OperatorControl;
  readonly rest: RunningServer;
  readonly rpc: RunningRpcServer;
  readonly restUrl: string;
  readonly rpcUrl: string;
  /** height of each scenario step (after runScenario) */
  readonly heights: Record<string, bigint>;
  /** delivers one tx of `key` in its own block; throws unless it succeeds */
  tx(key: TestKey, msgs: TxMessage[]): Promise<bigint>;
  close(): Promise<void>;
}

/** `appState`: module sections that replace the defaults (e.g. gov params with short periods). */
export async function startStakingNode(opts: { appState?: Record<string, unknown> } = {}): Promise<StakingNode> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staking-family-'));
  const codec = createCodec();
  const genesis = genesisWith(keys.map((k) => [k.address, ACCOUNT_FUNDS] as [string, bigint]));
  const app = genesis.app_state as Record<string, any>;
  app.genutil = { gen_txs: [0, 1, 2].map((i) => gentx(codec, i)) };
  app.staking = {
    params: { unbonding_time: '1814400s', max_validators: 100, max_entries: 7, historical_entries: 5, bond_denom: 'wei', min_commission_rate: '0.000000000000000000' },
    last_total_power: '0',
    last_validator_powers: [],
    validators: [],
    delegations: [],
    unbonding_delegations: [],
    redelegations: [],
    exported: false,
  };
  app.slashing = {
    params: {
      signed_blocks_window: '10',
      min_signed_per_window: '0.500000000000000000',
      downtime_jail_duration: '600s',
      slash_fraction_double_sign: '0.050000000000000000',
      slash_fraction_downtime: '0.010000000000000000',
    },
    signing_infos: [],
    missed_blocks: [],
  };
  Object.assign(app, opts.appState ?? {});
  const control = new OperatorControl();
  let blocks = 0;
  const node = new Node({
    ...appModules,
    dbPath: path.join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: '73ce7471e3bd6d3e0e5a9e9f25b34fb1ad3da1be', moniker: 'staking-family', listenAddr: 'tcp://0.0.0.0:26656', rpcAddress: 'tcp://127.0.0.1:26657' },
    validators: [],
    validatorAddress: consKeys[0]!.address,
    validatorPubKey: Buffer.from(consKeys[0]!.pubKey).toString('base64'),
    consensusControl: control,
    blockMeta: cometBlockMeta({ privValidatorKeys: consKeys, genesisValidators: [], consensusParams: genesis.consensus_params, control }),
    queries: nodeServiceQueries,
    clock: () => blockTime(++blocks),
  });
  const rest = await startRestServer(node, { address: '127.0.0.1:0' });
  const rpc = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  // gentxs used sequence 0; account numbers are the genesis order
  const seq = new Map(keys.map((k, i) => [k.address, i < 3 ? 1n : 0n]));
  const heights: Record<string, bigint> = {};
  return {
    node,
    control,
    rest,
    rpc,
    restUrl: `http://127.0.0.1:${rest.address.port}`,
    rpcUrl: `http://127.0.0.1:${rpc.address.port}`,
    heights,
    async tx(key, msgs) {
      const s = seq.get(key.address)!;
      const bytes = signed(key, BigInt(keys.indexOf(key)), s, { messages: msgs, fee: FEE, gasLimit: 400_000n });
      const checked = await node.broadcastTxSync(bytes);
      if (checked.code !== 0) throw new Error(`CheckTx failed: ${checked.code} ${checked.log}`);
      seq.set(key.address, s + 1n);
      const block = node.produceBlock()!;
      const res = node.tx(checked.hash);
      if (!res || res.result.code !== 0) throw new Error(`tx failed in block ${block.height}: ${JSON.stringify(res?.result)}`);
      return node.height;
    },
    async close() {
      await rest.close();
      await rpc.close();
      node.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The scenario of the header comment; returns the heights of its steps. */
export async function runScenario(n: StakingNode): Promise<void> {
  const [v0, v1, v2] = [valoper(k0), valoper(k1), valoper(k2)];
  n.node.produceBlock();
  n.node.produceBlock();
  n.heights.delegate0 = await n.tx(dev, [msg.delegate(dev.address, v0, 50n * STOS)]);
  n.heights.delegate1 = await n.tx(dev, [msg.delegate(dev.address, v1, 20n * STOS)]);
  n.heights.unbond = await n.tx(dev, [msg.undelegate(dev.address, v0, 5n * STOS)]);
  n.heights.redelegate = await n.tx(dev, [msg.redelegate(dev.address, v1, v2, 10n * STOS)]);
  n.heights.withdrawAddress = await n.tx(k4, [msg.setWithdrawAddress(k4.address, dev.address)]);
  n.heights.delegate4 = await n.tx(k4, [msg.delegate(k4.address, v2, STOS)]);
  n.heights.fundPool = await n.tx(k4, [msg.fundCommunityPool(k4.address, 3n * STOS)]);
  n.control.setOffline(consKeys[2]!.address, true);
  n.heights.offline = n.node.height;
  for (let i = 0; i < 30 && !isJailed(n); i++) n.node.produceBlock();
  n.heights.jailed = n.node.height;
  n.control.setOffline(consKeys[2]!.address, false);
  for (let i = 0; i < 3; i++) n.node.produceBlock();
}

function isJailed(n: StakingNode): boolean {
  const codec = n.node.chain.app.codec;
  const req = codec.encode(`${T}.QueryValidatorRequest`, codec.create(`${T}.QueryValidatorRequest`, { validator_addr: valoper(k2) }));
  const res = n.node.query(`/${T}.Query/Validator`, req);
  return res.code === 0 && (codec.decode(`${T}.QueryValidatorResponse`, res.value) as any).validator.jailed === true;
}

export const HEIGHT = 'grpc-metadata-x-cosmos-block-height';

/** A GET of the node's REST server: status, body text, the height header and the parsed body. */
export async function restGet(n: StakingNode, path: string): Promise<{ status: number; text: string; height: string | null; json: any }> {
  const r = await fetch(n.restUrl + path);
  const text = await r.text();
  return { status: r.status, text, height: r.headers.get(HEIGHT), json: JSON.parse(text) };
}
