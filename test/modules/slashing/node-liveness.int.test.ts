/**
 * Liveness and double signing through the node's consensus engine: the last-commit votes come from
 * the validator set consensus keeps (staking's EndBlock updates apply two heights later), a
 * validator switched offline misses its votes, and is slashed and jailed by slashing's BeginBlock;
 * injected evidence reaches evidence's BeginBlock. Window 20, min_signed 0.5.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appModules } from '../../../src/abci/modules.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../../src/consensus/keys.ts';
import type { AbciEvent } from '../../../src/events/event.ts';
import { OperatorControl } from '../../../src/node/consensus-control.ts';
import { Node } from '../../../src/node/node.ts';
import { CHAIN_ID, genesisWith, signed } from '../../helpers/fixture.ts';
import { eventsOf, FEE, GENESIS_NS, keys, SEC, STOS, valOf, type Val } from './harness.ts';

const V0 = valOf(0);
const V1 = valOf(1);

function createValidator(v: Val, amount: bigint): TxMessage {
  return {
    typeName: 'sdk.staking.v1beta1.MsgCreateValidator',
    value: {
      description: { moniker: 'v', identity: '', website: '', security_contact: '', details: '' },
      commission: { rate: '0.100000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' },
      min_self_delegation: '1',
      delegator_address: v.key.address,
      validator_address: v.operator,
      pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 32, ...Buffer.from(v.pubKey, 'base64')]) },
      value: { denom: 'wei', amount: amount.toString() },
    },
  };
}

/** One block. */
function produce(node: Node): void {
  node.produceBlock();
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A node holding the keys of a genesis (consensus-only) validator and of V0 and V1; V0 and V1 created by txs in block 2. */
async function startNode(): Promise<{ node: Node; control: OperatorControl; advance: (ns: bigint) => void }> {
  const dir = await mkdtemp(join(tmpdir(), 'chaind-liveness-'));
  const genesisKey = createPrivValidatorKey(new Uint8Array(32).fill(7));
  const stakingKeys = [0x40, 0x41].map((s) => createPrivValidatorKey(new Uint8Array(32).fill(s)));
  const genesis = genesisWith([
    [keys[0]!.address, 1000n * STOS],
    [keys[1]!.address, 1000n * STOS],
  ]);
  genesis.app_state.slashing = {
    params: { signed_blocks_window: '20', min_signed_per_window: '0.5', downtime_jail_duration: '600s', slash_fraction_double_sign: '0.05', slash_fraction_downtime: '0.0002' },
    signing_infos: [],
    missed_blocks: [],
  };
  // the genesis validator holds most of the power: with V0 offline, more than 2/3 still sign (the
  // node makes no block otherwise, as CometBFT)
  const validators = [validatorFromKey(genesisKey, 100_000)];
  const control = new OperatorControl();
  let now = GENESIS_NS;
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'liveness', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators,
    consensusControl: control,
    blockMeta: cometBlockMeta({ privValidatorKeys: [genesisKey, ...stakingKeys], genesisValidators: validators, consensusParams: genesis.consensus_params, control }),
    clock: () => now,
  });
  cleanups.push(async () => {
    node.close();
    await rm(dir, { recursive: true, force: true });
  });
  const advance = (ns: bigint) => void (now += ns);
  advance(5n * SEC);
  produce(node); // 1
  for (const [i, v] of [V0, V1].entries()) {
    const tx = signed(v.key, BigInt(i), 0n, { messages: [createValidator(v, 10n * STOS)], fee: FEE, gasLimit: 2_000_000n }, { chainId: CHAIN_ID });
    const r = await node.broadcastTxSync(tx);
    expect(r.code).toBe(0);
  }
  advance(5n * SEC);
  produce(node); // 2: V0 and V1 bonded at its EndBlock, in the consensus set from height 4
  return { node, control, advance };
}

const begin = (node: Node, h: bigint): readonly AbciEvent[] => node.block(h)!.beginBlockEvents;

describe('slashing through consensus', { timeout: 60_000 }, () => {
  it('an offline validator misses from block 5 (its first commit is block 4\'s) and is jailed at block 23', async () => {
    const { node, control, advance } = await startNode();
    control.setOffline(V0.consHex, true);
    let jailedAt = 0n;
    while (node.height < 30n) {
      advance(5n * SEC);
      produce(node);
      const h = node.height;
      const ev = eventsOf(begin(node, h), 'liveness', 'slash');
      if (h < 5n) expect(ev).toEqual([]);
      if (ev.some(([t]) => t === 'slash')) {
        jailedAt = h;
        // start height 2: past 2 + 20 at 23, with 19 misses (blocks 5..23) > 10
        expect(ev).toEqual([
          ['liveness', { address: V0.consAddr, missed_blocks: '19', height: '23' }],
          ['slash', { address: V0.consAddr, power: '10000', reason: 'missing_signature', jailed: V0.consAddr, burned_coins: '2000000000000000' }],
        ]);
      }
      if (h > 23n) expect(ev).toEqual([]); // jailed: its last two votes are skipped
    }
    expect(jailedAt).toBe(23n);
    const info = node.chain.app.state.slashing.signing_infos[V0.consHex]!;
    expect(info).toMatchObject({ start_height: 2n, index_offset: 0n, missed_blocks_counter: 0n });
    expect(node.validators().map((v) => v.address)).not.toContain(V0.consHex);
  });

  it('injected double-sign evidence tombstones the validator', async () => {
    const { node, control, advance } = await startNode();
    for (let i = 0; i < 3; i++) {
      advance(5n * SEC);
      produce(node);
    }
    const h = node.height; // 5
    control.injectEvidence({ type: 'DUPLICATE_VOTE', address: V1.consHex, power: 10_000n, height: h, timeNs: node.block(h)!.timeNs, totalVotingPower: 120_000n });
    advance(5n * SEC);
    produce(node);
    expect(eventsOf(begin(node, h + 1n), 'slash')).toEqual([
      ['slash', { address: V1.consAddr, power: '10000', reason: 'double_sign', burned_coins: (5n * 10n ** 17n).toString() }],
      ['slash', { jailed: V1.consAddr }],
    ]);
    expect(node.chain.app.state.slashing.signing_infos[V1.consHex]).toMatchObject({ tombstoned: true });
  });
});
