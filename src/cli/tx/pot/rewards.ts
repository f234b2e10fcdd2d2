/**
 * `chaind tx pot foundation-deposit --amount` and `tx pot withdraw --amount --target-address`
 * (spec §4.3; reference/chain-semantics.md §3.7–3.8).
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { accAddressFromBech32 } from '../acc-address.ts';
import { addLegacyTxFlags } from '../flags.ts';
import { coinsArg, POT, potTxAction } from './run.ts';

/**
 * `--target-address`: parsed as stratos-chain's CLI parses it while building the message, so a
 * malformed address fails before signing (the chain's ValidateBasic only checks that it is not
 * empty). The flag is always defined, so stratos (`fs.Lookup` is never nil) parses it when left
 * out too: `empty address string is not allowed`.
 */
function targetAddress(text: string): string {
  return accAddressFromBech32(text);
}

export function foundationDepositCommand(ctx: CliContext): Command {
  const cmd = new Command('foundation-deposit').description('Deposit coins into the foundation account (source of mining rewards)').requiredOption('--amount <coins>', 'coins to deposit, e.g. 1000stos');
  return potTxAction<{ amount: string }>(ctx, cmd, (from, o) => ({ typeName: `${POT}.MsgFoundationDeposit`, value: { amount: coinsArg(o.amount), from } }));
}

/** `tx pot legacy-withdraw`: the spec lists it; it withdraws what is recorded under the signer's legacy wallet. */
export function legacyWithdrawCommand(ctx: CliContext): Command {
  const cmd = new Command('legacy-withdraw')
    .description('Withdraw mature rewards recorded under the legacy wallet address of the signer key (temporary)')
    .requiredOption('--amount <coins>', 'coins to withdraw, e.g. 10stos')
    .option('--target-address <address>', 'account receiving the withdrawal', '');
  return potTxAction<{ amount: string; targetAddress: string }>(ctx, cmd, (from, o) => ({
    typeName: `${POT}.MsgLegacyWithdraw`,
    value: { amount: coinsArg(o.amount), from, target_address: targetAddress(o.targetAddress) },
  }));
}

export function withdrawCommand(ctx: CliContext): Command {
  const cmd = new Command('withdraw')
    .description('Withdraw mature rewards of the signer wallet to a target address')
    .requiredOption('--amount <coins>', 'coins to withdraw, e.g. 10stos')
    .option('--target-address <address>', 'account receiving the withdrawal', '');
  // spec §4.3: `pot withdraw` documents the older flag set (`--indent`, `--trust-node`)
  addLegacyTxFlags(cmd);
  return potTxAction<{ amount: string; targetAddress: string }>(ctx, cmd, (from, o) => ({
    typeName: `${POT}.MsgWithdraw`,
    value: { amount: coinsArg(o.amount), wallet_address: from, target_address: targetAddress(o.targetAddress) },
  }));
}
