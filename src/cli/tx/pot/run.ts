/**
 * The common path of the `tx pot …` commands: the tx flags, the signer from `--from`, the
 * messages built from the command's options, then the tx framework.
 */
import type { Command } from 'commander';
import type { TxMessage } from '../../../client/sign-tx.ts';
import { parseCoinsNormalized } from '../../../math/coin-parse.ts';
import type { ProtoCoin } from '../../../math/coins.ts';
import type { CliContext } from '../../context.ts';
import { TxContext } from '../context.ts';
import { addTxFlags } from '../flags.ts';
import { rejectUnsupportedFlags, TxFramework } from '../framework.ts';

export const POT = 'chain.pot.v1';

/** Builds the message; `tc` is there for commands that read the keyring or query the node first. */
export type PotMsgBuilder<O> = (from: string, opts: O, args: readonly string[], tc: TxContext) => TxMessage | Promise<TxMessage>;

/** The tx flags with `--from` required (stratos marks it so on every pot command), and the action. */
export function potTxAction<O>(ctx: CliContext, cmd: Command, build: PotMsgBuilder<O>): Command {
  return addTxFlags(cmd, { fromRequired: true }).action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags, { buildsTx: true });
    if (tc.flags.from === '') throw new Error('the signer is required: give --from <key name or address>');
    const from = await tc.resolveFrom(tc.flags.from);
    await new TxFramework(tc, from, [await build(from.address, self.opts() as O, self.args, tc)]).run();
  });
}

/**
 * `--amount` coins as stratos' CLI reads them, with SDK `ParseCoinsNormalized` and its errors as
 * they are: comma-separated, zero coins dropped (`0wei` is no coin), sorted, a denom given twice
 * refused (`duplicate denomination stos`), then each normalised to wei without merging, so
 * `1stos,10gwei` is two wei coins, which the message's ValidateBasic refuses.
 */
export function coinsArg(text: string): ProtoCoin[] {
  return parseCoinsNormalized(text).map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
}
