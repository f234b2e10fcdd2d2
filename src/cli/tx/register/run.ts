/**
 * The common path of the `tx register …` commands: the tx flags, the signer from `--from` (the
 * node owner or voter), one message built from the command's flags, then the tx framework.
 */
import type { Command } from 'commander';
import type { Codec } from '../../../codec/registry.ts';
import type { TxMessage } from '../../../client/sign-tx.ts';
import type { CliContext } from '../../context.ts';
import { TxContext } from '../context.ts';
import { addTxFlags } from '../flags.ts';
import { rejectUnsupportedFlags, TxFramework } from '../framework.ts';

export const REGISTER = 'chain.register.v1';

/** Builds the message from the signer's address and the command's options. */
export type RegisterMsgBuilder<O> = (from: string, opts: O, codec: Codec) => TxMessage;

/**
 * The tx flags with `--from` required (stratos marks it so on every register command; one whose
 * signer may come from a positional, `fromOf`, leaves it optional), and an action that builds the
 * message and runs the framework.
 */
export function registerTxAction<O>(ctx: CliContext, cmd: Command, build: RegisterMsgBuilder<O>, fromOf?: (opts: O, args: string[]) => string | undefined): Command {
  return addTxFlags(cmd, { fromRequired: fromOf === undefined }).action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const opts = self.opts() as O;
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags, { buildsTx: true });
    const fromText = tc.flags.from !== '' ? tc.flags.from : (fromOf?.(opts, self.args) ?? '');
    const from = await tc.resolveFrom(fromText);
    await new TxFramework(tc, from, [build(from.address, opts, tc.codec)]).run();
  });
}
