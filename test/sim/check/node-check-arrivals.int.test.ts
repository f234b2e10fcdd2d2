/**
 * `sdsim check --node` when the node's timing cuts into a step (in-process node and RPC server):
 *
 * - a block committed while a step's txs arrive: the later tx is checked against a state where an
 *   earlier tx of the step is already delivered (its signer, broke at the step's start, was just
 *   funded), and the check follows the node's answer instead of calling it a divergence;
 * - two txs of one signer in a step (the run's stranger signs every `unfunded` op) reach the node
 *   in the model's order, however the network orders concurrent requests;
 * - a CheckTx answer no state of those blocks explains is still a divergence.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeTxRaw } from '../../../src/codec/tx.ts';
import { runNodeCheck, type NodeCheckOptions } from '../../../src/sim/check/node/differential.ts';
import { runActors, type DiffRun } from '../../../src/sim/check/node/ops.ts';
import { pubKeyOf } from '../../../src/crypto/keys.ts';
import { alice, startHarness, type RpcHarness } from '../../api/rpc/rpc-fixture.ts';

const SEED = 7;

function options(h: RpcHarness): NodeCheckOptions {
  return { node: h.url, runs: 1, seed: SEED, funder: alice.priv, fund: 10n ** 18n, parallel: 1, gasPrice: 1n, minGasPrice: 0n, appHashes: true, bls: 'trusted', commitTimeoutMs: 10_000 };
}

/** The signer of a tx, as a key of the run's actors (`user-0`, `stranger`) or `other`. */
function signerOf(bytes: Uint8Array, users: number): string {
  const actors = runActors(SEED, 0, users);
  const key = Buffer.from(decodeTxRaw(bytes).authInfo.signer_infos[0]!.public_key!.value).toString('hex');
  const named = [...actors.users.map((u, i) => [`user-${i}`, u] as const), ['stranger', actors.stranger] as const];
  return named.find(([, a]) => key.includes(Buffer.from(pubKeyOf(a.priv).key).toString('hex')))?.[0] ?? 'other';
}

describe('sdsim check --node: the node commits blocks and orders requests on its own', () => {
  let h: RpcHarness;
  let arrivals: string[];
  beforeEach(async () => {
    h = await startHarness({ blockIntervalMs: 30 });
    h.node.start();
    arrivals = [];
  });
  afterEach(async () => {
    h.node.stop();
    await h.close();
  });

  /** Runs `hook` before the node admits each arriving tx, given its signer. */
  function onArrival(users: number, hook: (signer: string) => Promise<void> | void): void {
    const admit = h.node.broadcastTxSync.bind(h.node);
    h.node.broadcastTxSync = async (bytes) => {
      const signer = signerOf(bytes, users);
      arrivals.push(signer);
      await hook(signer);
      return admit(bytes);
    };
  }

  it('a block between two txs of a step: the funded signer’s tx is accepted by the node and the check agrees', async () => {
    // step 0: user-1 sends all it can spend away; step 1: user-0 sends user-1 some, and user-1 sends 1 wei
    const run: DiffRun = { users: 2, steps: [[{ kind: 'send', from: 1, to: 0, size: 'all' }], [{ kind: 'send', from: 0, to: 1, size: 'some' }, { kind: 'send', from: 1, to: 0, size: 'one' }]] };
    let step = 0;
    let user0Sent: Promise<void> | undefined;
    let release!: () => void;
    onArrival(2, async (signer) => {
      if (signer === 'user-1' && step++ === 1) {
        // user-0's send is admitted, then a block delivers it before user-1's tx is checked
        await user0Sent;
        h.node.produceBlock();
      }
      if (signer === 'user-0') {
        user0Sent = new Promise((r) => (release = r));
        setTimeout(() => release(), 50);
      }
    });
    const r = await runNodeCheck(options(h), [run]);
    expect(arrivals).toEqual(['other', 'user-1', 'user-0', 'user-1']);
    expect(r).toMatchObject({ ok: true, runs: 1, txs: 4 });
    // user-1's 1 wei went through: accepted at CheckTx and delivered
    if (!r.ok) throw new Error('unreachable');
    expect(r.results.checkTx).toEqual({ '0': 4 });
    expect(r.results.deliverTx).toEqual({ '0': 4 });
  }, 30_000);

  it('two txs of the stranger in a step reach the node one after the other, in the model’s order', async () => {
    // step 0: user-0 funds the stranger; step 1: both users' `unfunded` ops are signed by the stranger
    const run: DiffRun = { users: 2, steps: [[{ kind: 'send', from: 0, to: 4, size: 'some' }], [{ kind: 'unfunded', from: 0 }, { kind: 'unfunded', from: 1 }]] };
    let strangers = 0;
    onArrival(2, async (signer) => {
      // the first of the stranger's txs is held: sent together, the second would overtake it
      if (signer === 'stranger' && strangers++ === 0) await new Promise((r) => setTimeout(r, 150));
    });
    const r = await runNodeCheck(options(h), [run]);
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) throw new Error('unreachable');
    // the second has the first's sequence: refused by both (sdk 32, account sequence mismatch)
    expect(r.results.checkTx).toEqual({ '0': 3, 'sdk/32': 1 });
  }, 30_000);

  it('an answer no later block explains is still a divergence', async () => {
    const run: DiffRun = { users: 1, steps: [[{ kind: 'send', from: 0, to: 4, size: 'one' }]] };
    // the model thinks the node asks 2 wei per gas (the txs pay 1): the node accepts a tx the model refuses
    const r = await runNodeCheck({ ...options(h), minGasPrice: 2n }, [run]);
    expect(r).toMatchObject({ ok: false, op: 'the funder funds 1 users with 1000000000000000000 wei each' });
    if (r.ok) throw new Error('unreachable');
    expect(r.divergence).toMatchObject({ where: expect.stringMatching(/^CheckTx of [0-9A-F]{64}: code$/), node: 0, model: 13 });
  }, 30_000);
});
