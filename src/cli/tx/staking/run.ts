/**
 * The common path of the `tx staking|distribution|slashing …` commands (SDK v0.47
 * `client.GetClientTxContext` then `tx.GenerateOrBroadcastTxCLI`): the tx flags, the signer from
 * `--from` (resolved first, as the SDK reads it into the client context before the arguments),
 * the messages built from the arguments, then the tx framework.
 */
import type { Command } from 'commander';
import type { TxMessage } from '../../../client/sign-tx.ts';
import type { CliContext } from '../../context.ts';
import { type FromAccount, TxContext } from '../context.ts';
import { addTxFlags } from '../flags.ts';
import { rejectUnsupportedFlags, TxFramework } from '../framework.ts';

export const STAKING = 'sdk.staking.v1beta1';
export const DISTRIBUTION = 'sdk.distribution.v1beta1';
export const SLASHING = 'sdk.slashing.v1beta1';

/** Builds the messages of one tx; `tc` is there for commands that read the home or query the node. */
export type MsgsBuilder<O> = (from: FromAccount, opts: O, args: readonly string[], tc: TxContext, self: Command) => readonly TxMessage[] | Promise<readonly TxMessage[]>;

/** The signer of a tx command: `--from` is required (a key name, or an address with --generate-only / --dry-run). */
export async function signerOf(tc: TxContext): Promise<FromAccount> {
  rejectUnsupportedFlags(tc.flags, { buildsTx: true });
  if (tc.flags.from === '') throw new Error('the signer is required: give --from <key name or address>');
  return tc.resolveFrom(tc.flags.from);
}

/** Adds the tx flags to `cmd` and runs one tx of the messages `build` makes. */
export function sdkTxAction<O>(ctx: CliContext, cmd: Command, build: MsgsBuilder<O>): Command {
  return addTxFlags(cmd).action(async (...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    const tc = TxContext.of(ctx, self);
    const from = await signerOf(tc);
    await new TxFramework(tc, from, await build(from, self.opts() as O, self.args, tc, self)).run();
  });
}
