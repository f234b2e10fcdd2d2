/**
 * A chain home for the audit tests, made the way a node makes one: `initHome`, a genesis with
 * three Bonded meta nodes (owners 0–2) and a resource node (owner 3), app.toml `[pot]` with
 * `bls-verifier = "accept-any"` (the reports carry two placeholder keys) and the default
 * `restore-total-supply = true`, then real signed txs committed with `Chain.commitBlock` under
 * those settings. mature_epoch is 2, so a report of epoch E matures with the report of E + 2.
 *
 * Blocks (one tx each unless said):
 *  1 foundation deposit 10,000 stos (owner 4)       2 prepay 20 stos (owner 4)
 *  3 report epoch 1: owner 3 ×100000, WALLET_A ×50000, an invalid address ×1000
 *  4 report epoch 2: owner 3 ×70000, WALLET_B ×30000, owner 3 again ×1; then a failing withdraw
 *    by owner 4 in the same block (the block's first tx runs twice)
 *  5 [report epoch 3, withdraw more than mature] in ONE tx: fails, the distribution is rolled back
 *  6 slashing of owner 3's resource node for 1000 noz (no suspension): a debt taken at maturity
 *  7 report epoch 3: owner 3 ×10 → epoch 1 matures      8 report epoch 4: WALLET_A ×5 → epoch 2 matures
 *  9 owner 3 withdraws 1 stos of its mature total
 * 10 report epoch 5: SIX_WALLETS ×1 each: every share 1/6 rounds up, so the six get 96 wei more
 *    mining reward than MRN (paid by foundation_account: noted, not a failure)
 *
 * While it commits, the chain's own answers are kept: per epoch, RewardsByWalletAndEpoch of every
 * paid wallet and TotalRewardByEpoch at the report height; at the end, RewardsByWallet.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chain } from '../../../src/abci/chain.ts';
import { appModules, MODULES } from '../../../src/abci/modules.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { accAddress } from '../../../src/crypto/address.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { potNodeSettings } from '../../../src/modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../../src/modules/pot/apply-node-settings.ts';
import { writeGenesisJson, type GenesisJson } from '../../../src/node/genesis-file.ts';
import { chainDbPath, homeLayout, readAppConfig, readConsensusConfig, tomlValue, writeAppConfig } from '../../../src/node/home.ts';
import { initHome } from '../../../src/node/init.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import { CHAIN_ID, GENESIS_TIME, genesisWith, signed, type TestKey } from '../../helpers/fixture.ts';
import { MN, P, report, RN } from '../../modules/pot/harness.ts';
import { genesisMetaNode, owners, STOS } from '../../modules/register/harness.ts';

export { owners, STOS, MN, RN };
export const WALLET_A = accAddress(new Uint8Array(20).fill(0xa1));
export const WALLET_B = accAddress(new Uint8Array(20).fill(0xb2));
export const INVALID_WALLET = 'st1notawallet';
export const SIX_WALLETS = [0, 1, 2, 3, 4, 5].map((i) => accAddress(new Uint8Array(20).fill(0xd0 + i)));
export const FEE = [{ denom: 'wei', amount: '2000000000000000' }];
export const GENESIS_NS = parseTimeNs(GENESIS_TIME);
/** block n is committed at genesis + 600·n s (10-minute epochs) */
export const blockTimeNs = (n: bigint): bigint => GENESIS_NS + n * 600_000_000_000n;

export interface ChainAnswers {
  /** epoch → wallet → RewardsByWalletAndEpoch at the report height */
  readonly rewards: Map<bigint, Map<string, { mining: bigint; traffic: bigint }>>;
  /** epoch → TotalRewardByEpoch at the report height */
  readonly totals: Map<bigint, { mining: bigint; traffic: bigint }>;
  /** epoch → the report's height */
  readonly heights: Map<bigint, bigint>;
  /** wallet → RewardsByWallet at the last height */
  readonly walletTotals: Map<string, { mature: bigint; immature: bigint }>;
  /** wallet → slashing debt before the maturity that takes it */
  readonly slashingDebt: bigint;
}

export interface AuditHome {
  readonly home: string;
  readonly answers: ChainAnswers;
}

const coinAmount = (coins: readonly { denom: string; amount: string }[] | undefined): bigint => BigInt(coins?.find((c) => c.denom === 'wei')?.amount ?? '0');

export function buildAuditHome(): AuditHome {
  const home = mkdtempSync(join(tmpdir(), 'audit-home-'));
  initHome(home, { moniker: 'audit', chainId: CHAIN_ID, nowNs: GENESIS_NS });
  const layout = homeLayout(home, readConsensusConfig(home));
  const appToml = readAppConfig(layout);
  (appToml.pot as Record<string, unknown>)['bls-verifier'] = 'accept-any';
  writeAppConfig(layout, appToml);

  const genesis = genesisWith(owners.map((o) => [o.address, 100_000n * STOS] as [string, bigint]));
  const pot = structuredClone(MODULES.find((m) => m.name === 'pot')!.defaultGenesis()) as { params: Record<string, unknown> };
  pot.params.mature_epoch = '2';
  Object.assign(genesis.app_state as Record<string, unknown>, {
    register: {
      ...(MODULES.find((m) => m.name === 'register')!.defaultGenesis() as Record<string, unknown>),
      meta_nodes: MN.map((k, i) => genesisMetaNode(k, owners[i]!.address, 1000n * STOS)),
      resource_nodes: [{ ...genesisMetaNode(RN, owners[3]!.address, STOS), node_type: 4, effective_tokens: STOS.toString(), beneficiary_address: '' }],
    },
    pot,
  });
  writeGenesisJson(layout.genesisFile, genesis as unknown as GenesisJson);

  const settings = potNodeSettings((key) => tomlValue(readAppConfig(layout), `pot.${key}`), layout.appToml);
  const restore = applyPotNodeSettings(settings);
  const chain = Chain.open({ ...appModules, dbPath: chainDbPath(layout), genesis });
  const answers = {
    rewards: new Map<bigint, Map<string, { mining: bigint; traffic: bigint }>>(),
    totals: new Map<bigint, { mining: bigint; traffic: bigint }>(),
    heights: new Map<bigint, bigint>(),
    walletTotals: new Map<string, { mature: bigint; immature: bigint }>(),
    slashingDebt: 0n,
  };
  try {
    const accNum = (k: TestKey) => BigInt(owners.indexOf(k as (typeof owners)[number]));
    const sequences = new Map<string, bigint>();
    const tx = (key: TestKey, msgs: TxMessage[]): Uint8Array => {
      const seq = sequences.get(key.address) ?? getAccount(chain.app.state, key.address)?.sequence ?? 0n;
      sequences.set(key.address, seq + 1n);
      return signed(key, accNum(key), seq, { messages: msgs, fee: FEE, gasLimit: 2_000_000n });
    };
    const block = (txs: Uint8Array[], expectCodes: number[]) => {
      const b = chain.commitBlock(txs, blockTimeNs(chain.height + 1n));
      sequences.clear();
      const codes = b.txs.map((t) => t.result.code);
      if (JSON.stringify(codes.map((c) => c === 0)) !== JSON.stringify(expectCodes.map((c) => c === 0))) {
        throw new Error(`block ${b.height}: tx codes ${codes.join(',')} (${b.txs.map((t) => t.result.log).join(' | ')}), expected ${expectCodes.join(',')}`);
      }
      return b;
    };
    const q = (method: string, req: Record<string, unknown>): any => chain.app.queryObject(`chain.pot.v1.Query/${method}`, req);
    const reportBlock = (epoch: bigint, volumes: { wallet_address: string; volume: string }[], paid: string[]) => {
      block([tx(owners[0]!, [report(epoch, { volumes })])], [0]);
      answers.heights.set(epoch, chain.height);
      const perWallet = new Map<string, { mining: bigint; traffic: bigint }>();
      for (const w of paid) {
        const r = q('RewardsByWalletAndEpoch', { wallet_address: w, epoch: epoch.toString() }).rewards?.[0];
        perWallet.set(w, { mining: coinAmount(r?.reward_from_mining_pool), traffic: coinAmount(r?.reward_from_traffic_pool) });
      }
      answers.rewards.set(epoch, perWallet);
      const t = q('TotalRewardByEpoch', { epoch: epoch.toString() }).total_reward;
      answers.totals.set(epoch, { mining: coinAmount(t?.mining_reward), traffic: coinAmount(t?.traffic_reward) });
    };
    const [o0, , , o3, o4] = owners as unknown as [TestKey, TestKey, TestKey, TestKey, TestKey];
    const metaPayees = [owners[0]!.address, owners[1]!.address, owners[2]!.address];

    block([tx(o4, [P.foundationDeposit(o4.address, 10_000n * STOS)])], [0]);
    block([tx(o4, [P.prepay(o4.address, 20n * STOS)])], [0]);
    reportBlock(
      1n,
      [
        { wallet_address: o3.address, volume: '100000' },
        { wallet_address: WALLET_A, volume: '50000' },
        { wallet_address: INVALID_WALLET, volume: '1000' },
      ],
      [o3.address, WALLET_A, ...metaPayees],
    );
    // epoch 2, and a failing tx after it in the same block
    block([tx(o0, [report(2n, { volumes: [{ wallet_address: o3.address, volume: '70000' }, { wallet_address: WALLET_B, volume: '30000' }, { wallet_address: o3.address, volume: '1' }] })]), tx(o4, [P.withdraw(o4.address, o4.address, 1n)])], [0, 1]);
    answers.heights.set(2n, chain.height);
    {
      const perWallet = new Map<string, { mining: bigint; traffic: bigint }>();
      for (const w of [o3.address, WALLET_B, ...metaPayees]) {
        const r = q('RewardsByWalletAndEpoch', { wallet_address: w, epoch: '2' }).rewards?.[0];
        perWallet.set(w, { mining: coinAmount(r?.reward_from_mining_pool), traffic: coinAmount(r?.reward_from_traffic_pool) });
      }
      answers.rewards.set(2n, perWallet);
      const t = q('TotalRewardByEpoch', { epoch: '2' }).total_reward;
      answers.totals.set(2n, { mining: coinAmount(t?.mining_reward), traffic: coinAmount(t?.traffic_reward) });
    }
    // a report whose tx fails after the distribution ran
    block([tx(o0, [report(3n, { volumes: [{ wallet_address: o3.address, volume: '999' }] }), P.withdraw(o0.address, o0.address, 10n ** 30n)])], [1]);
    block([tx(o0, [P.slashing([o0.address], [MN[0]!.address], RN.address, o3.address, 1000n, false)])], [0]);
    answers.slashingDebt = BigInt(q('SlashingByOwner', { wallet_address: o3.address }).slashing);
    reportBlock(3n, [{ wallet_address: o3.address, volume: '10' }], [o3.address, ...metaPayees]);
    reportBlock(4n, [{ wallet_address: WALLET_A, volume: '5' }], [WALLET_A, ...metaPayees]);
    block([tx(o3, [P.withdraw(o3.address, o3.address, STOS)])], [0]);
    reportBlock(5n, SIX_WALLETS.map((w) => ({ wallet_address: w, volume: '1' })), [...SIX_WALLETS, ...metaPayees]);
    for (const w of [o3.address, WALLET_A, WALLET_B, ...metaPayees]) {
      const r = q('RewardsByWallet', { wallet_address: w }).rewards;
      answers.walletTotals.set(w, { mature: coinAmount(r?.mature_total_reward), immature: coinAmount(r?.immature_total_reward) });
    }
  } finally {
    chain.close();
    restore();
  }
  return { home, answers };
}
