/**
 * The common path of the `tx sds …` commands: the tx flags, the signer (from `--from`, or a
 * positional the command names), one message built from the command's input, then the tx framework.
 */
import type { Command } from 'commander';
import type { TxMessage } from '../../../client/sign-tx.ts';
import type { CliContext } from '../../context.ts';
import { TxContext } from '../context.ts';
import { addTxFlags } from '../flags.ts';
import { rejectUnsupportedFlags, TxFramework } from '../framework.ts';

export const SDS = 'chain.sds.v1';

/** Builds the message from the signer's address, the command's options and its positionals. */
export type SdsMsgBuilder<O> = (from: string, opts: O, args: readonly string[]) => TxMessage;

/**
 * `fromArg` gives the signer named by a positional (key name or address); like the SDK, which sets
 * `--from` to it, it wins over `--from`. Without it, `--from` is required (stratos marks it so).
 */
export function sdsTxAction<O>(ctx: CliContext, cmd: Command, build: SdsMsgBuilder<O>, fromArg?: (args: readonly string[]) => string): Command {
  return addTxFlags(cmd, { fromRequired: fromArg === undefined }).action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags, { buildsTx: true });
    const fromText = fromArg?.(self.args) ?? tc.flags.from;
    if (fromText === '') throw new Error('the signer is required: give --from <key name or address>');
    const from = await tc.resolveFrom(fromText);
    await new TxFramework(tc, from, [build(from.address, self.opts() as O, self.args)]).run();
  });
}
