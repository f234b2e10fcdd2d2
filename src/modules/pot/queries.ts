/**
 * Query service `chain.pot.v1.Query` (reference/chain-semantics.md §3.10). Responses are the
 * decoded proto objects: int64 as bigint, Int and Coin amounts as decimal strings.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { QueryError } from '../../errors.ts';
import type { AppState } from '../../state/app-state.ts';
import type { QuerySpec } from '../../state/module.ts';
import { paginate, type PageRequest } from '../../state/pagination.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf } from '../bank/state.ts';
import { slashingOf } from '../register/index.ts';
import { TOTAL_UNISSUED_PREPAY } from './distribute.ts';
import { BP_DENOMINATOR, potParamsToProto, tierForMinedTokens, totalMining } from './params.ts';
import { amountsToProto, getTotalReward, getVolumeReport, immatureTotalOf, matureTotalOf, rewardsAtEpoch, tryWalletKey, type Amounts, type RewardRecord } from './state.ts';
import { totalUnbondingDelegation } from '../staking/unbonding.ts';

const S = 'chain.pot.v1';

const spec = <Req, Res>(name: string, run: (state: AppState, req: Req) => Res): QuerySpec<Req, Res> => ({
  method: `${S}.Query/${name}`,
  requestType: `${S}.Query${name}Request`,
  responseType: `${S}.Query${name}Response`,
  run: (state, req) => run(state, req),
});

const rewardProto = (r: RewardRecord) => ({
  wallet_address: r.wallet_address,
  reward_from_mining_pool: amountsToProto(r.reward_from_mining_pool),
  reward_from_traffic_pool: amountsToProto(r.reward_from_traffic_pool),
});

const isEmpty = (a: Amounts) => Object.keys(a).length === 0;

function walletArg(wallet: string): string {
  if (wallet === '') throw QueryError.invalidArgument('wallet address cannot be empty');
  const key = tryWalletKey(wallet);
  if (key === undefined) throw QueryError.invalidArgument(`invalid wallet address ${JSON.stringify(wallet)}`);
  return key;
}

/** Bank supply − (last tier end − TotalMinedTokens), in reward denom. */
export function circulationSupply(state: AppState): Amounts {
  const p = state.pot.params;
  const out: Record<string, bigint> = { ...state.bank.supply };
  const unmined = totalMining(p) - state.pot.total_mined_tokens;
  const v = (out[p.reward_denom] ?? 0n) - unmined;
  if (v === 0n) delete out[p.reward_denom];
  else out[p.reward_denom] = v;
  return out;
}

const poolOf = (state: AppState, name: string, denom: string) => balanceOf(state, moduleAccountAddress(name), denom);

export const potQueries: readonly QuerySpec[] = [
  spec('VolumeReport', (state, req: { epoch: bigint }) => {
    const epoch = BigInt(req.epoch ?? 0n);
    if (epoch < 0n) throw QueryError.invalidArgument('epoch should be non-negative value');
    const e = epoch === 0n ? state.pot.last_distributed_epoch : epoch;
    const rec = getVolumeReport(state, e);
    if (!rec) return { report_info: { epoch: 0n, reference: '', tx_hash: '', reporter: '' } };
    return { report_info: { epoch: e, reference: rec.report_reference, tx_hash: rec.tx_hash, reporter: rec.reporter } };
  }),
  spec('RewardsByEpoch', (state, req: { epoch: bigint; pagination?: PageRequest | null }) => {
    const epoch = BigInt(req.epoch ?? 0n);
    if (epoch <= 0n) throw QueryError.invalidArgument('epoch should be positive value');
    const items = rewardsAtEpoch(state, epoch + state.pot.params.mature_epoch).filter(
      ([, r]) => !(isEmpty(r.reward_from_mining_pool) && isEmpty(r.reward_from_traffic_pool)),
    );
    const { page, pagination } = paginate(items, ([k]) => hexToBytes(k), req.pagination);
    return { rewards: page.map(([, r]) => rewardProto(r)), pagination };
  }),
  spec('RewardsByWallet', (state, req: { wallet_address: string }) => {
    walletArg(req.wallet_address);
    return {
      rewards: {
        wallet_address: req.wallet_address,
        mature_total_reward: amountsToProto(matureTotalOf(state, req.wallet_address)),
        immature_total_reward: amountsToProto(immatureTotalOf(state, req.wallet_address)),
      },
    };
  }),
  spec('RewardsByWalletAndEpoch', (state, req: { wallet_address: string; epoch: bigint }) => {
    const key = walletArg(req.wallet_address);
    const epoch = BigInt(req.epoch ?? 0n);
    if (epoch <= 0n) throw QueryError.invalidArgument('epoch should be positive value');
    const rec = state.pot.individual_rewards[(epoch + state.pot.params.mature_epoch).toString()]?.[key];
    const rewards = rec ? [rewardProto(rec)] : [];
    return { rewards, pagination: { next_key: null, total: BigInt(rewards.length) } };
  }),
  spec('SlashingByOwner', (state, req: { wallet_address: string }) => {
    walletArg(req.wallet_address);
    return { slashing: slashingOf(state, req.wallet_address).toString() };
  }),
  spec('Params', (state) => ({ params: potParamsToProto(state.pot.params) })),
  spec('TotalMinedToken', (state) => ({ total_mined_token: { denom: state.pot.params.reward_denom, amount: state.pot.total_mined_tokens.toString() } })),
  spec('CirculationSupply', (state) => ({ circulation_supply: amountsToProto(circulationSupply(state)) })),
  spec('TotalRewardByEpoch', (state, req: { epoch: bigint }) => {
    const epoch = BigInt(req.epoch ?? 0n);
    if (epoch <= 0n) throw QueryError.invalidArgument('epoch should be positive value');
    const rec = getTotalReward(state, epoch);
    if (rec && !(isEmpty(rec.mining_reward) && isEmpty(rec.traffic_reward))) {
      return { total_reward: { mining_reward: amountsToProto(rec.mining_reward), traffic_reward: amountsToProto(rec.traffic_reward) }, is_legacy: false };
    }
    // the chain's legacy fallback reads the report tx over RPC; the simulator returns an empty total (§6 item 12)
    const legacy = getVolumeReport(state, epoch) !== undefined;
    return { total_reward: { mining_reward: [], traffic_reward: [] }, is_legacy: legacy };
  }),
  spec('Metrics', (state) => {
    const p = state.pot.params;
    const denom = p.bond_denom;
    const { tier } = tierForMinedTokens(p, state.pot.total_mined_tokens);
    const reward = tier.mining_reward.amount;
    const rnBonded = poolOf(state, 'resource_node_bonded_pool', denom);
    const rnNotBonded = poolOf(state, 'resource_node_not_bonded_pool', denom);
    const share = (bp: bigint) => ((reward * bp) / BP_DENOMINATOR).toString();
    return {
      metrics: {
        total_supply: (state.bank.supply[denom] ?? 0n).toString(),
        total_mining_supply: totalMining(p).toString(),
        total_mined_tokens: state.pot.total_mined_tokens.toString(),
        total_resource_nodes_deposit: (rnBonded + rnNotBonded).toString(),
        // the staking pools' balances (the not-bonded pool includes the unbonding entries' balances)
        total_bonded_delegation: poolOf(state, 'bonded_tokens_pool', denom).toString(),
        total_unbonded_delegation: poolOf(state, 'not_bonded_tokens_pool', denom).toString(),
        total_unbonding_delegation: totalUnbondingDelegation(state).toString(),
        circulation_supply: (circulationSupply(state)[p.reward_denom] ?? 0n).toString(),
        total_mining_reward: reward.toString(),
        chain_mining_reward: share(tier.block_chain_percentage_in_bp),
        resource_mining_reward: share(tier.resource_node_percentage_in_bp),
        meta_mining_reward: share(tier.meta_node_percentage_in_bp),
        resource_node_deposit: rnBonded.toString(),
        // [QUIRK] the chain reads the meta-node NOT-bonded pool here (§3.10)
        meta_node_deposit: poolOf(state, 'meta_node_not_bonded_pool', denom).toString(),
        unissued_prepay: poolOf(state, TOTAL_UNISSUED_PREPAY, denom).toString(),
      },
    };
  }),
];
