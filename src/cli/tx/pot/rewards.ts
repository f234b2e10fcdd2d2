/**
 * `chaind tx pot foundation-deposit --amount` and `tx pot withdraw --amount --target-address`
 * (spec §4.3; reference/chain-semantics.md §3.7–3.8).
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinsArg, POT, potTxAction } from './run.ts';

export function foundationDepositCommand(ctx: CliContext): Command {
  const cmd = new Command('foundation-deposit').description('Deposit coins into the foundation account (source of mining rewards)').option('--amount <coins>', 'coins to deposit, e.g. 1000stos');
  return potTxAction<{ amount?: string }>(ctx, cmd, (from, o) => ({ typeName: `${POT}.MsgFoundationDeposit`, value: { amount: coinsArg(o.amount), from } }));
}

/** `tx pot legacy-withdraw`: the spec lists it; it withdraws what is recorded under the signer's legacy wallet. */
export function legacyWithdrawCommand(ctx: CliContext): Command {
  const cmd = new Command('legacy-withdraw')
    .description('Withdraw mature rewards recorded under the legacy wallet address of the signer key (temporary)')
    .option('--amount <coins>', 'coins to withdraw, e.g. 10stos')
    .option('--target-address <address>', 'account receiving the withdrawal', '');
  return potTxAction<{ amount?: string; targetAddress: string }>(ctx, cmd, (from, o) => ({
    typeName: `${POT}.MsgLegacyWithdraw`,
    value: { amount: coinsArg(o.amount), from, target_address: o.targetAddress },
  }));
}

export function withdrawCommand(ctx: CliContext): Command {
  const cmd = new Command('withdraw')
    .description('Withdraw mature rewards of the signer wallet to a target address')
    .option('--amount <coins>', 'coins to withdraw, e.g. 10stos')
    .option('--target-address <address>', 'account receiving the withdrawal', '');
  return potTxAction<{ amount?: string; targetAddress: string }>(ctx, cmd, (from, o) => ({
    typeName: `${POT}.MsgWithdraw`,
    value: { amount: coinsArg(o.amount), wallet_address: from, target_address: o.targetAddress },
  }));
}
