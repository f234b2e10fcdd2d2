/**
 * `chaind start`: runs the node (src/node/start.ts) until SIGINT/SIGTERM or a configured halt, then
 * shuts down cleanly and exits 0; a fatal error stops it the same way and exits 1 with its message.
 * Every flag of src/node/start-flags.ts is accepted; all values are parsed and checked before
 * anything starts, so a bad one exits 1 with its message. A home whose node runs is refused at once
 * (src/node/home-lock.ts).
 */
import { Command } from 'commander';
import { resolveStartSettings } from '../../node/settings.ts';
import { startNode } from '../../node/start.ts';
import { START_FLAGS, startFlag } from '../../node/start-flags.ts';
import { createLogger, parseLogLevel } from '../../node/logger.ts';
import type { CliContext } from '../context.ts';
import { givenFlags, homeOf, optionOf, withGlobalFlags, withHome } from './node-flags.ts';

const DESCRIPTION = `Run the full node

Run the full node application with the consensus engine in process.

Pruning options can be provided via the '--pruning' flag or alternatively with '--pruning-keep-recent',
'pruning-keep-every', and 'pruning-interval' together.

For '--pruning' the options are as follows:

default: the last 100 states are kept in addition to every 500th state; pruning at 10 block intervals
nothing: all historic states will be saved, nothing will be deleted (i.e. archiving node)
everything: all saved states will be deleted, storing only the current state; pruning at 10 block intervals
custom: allow pruning options to be manually specified through 'pruning-keep-recent', 'pruning-keep-every', and 'pruning-interval'

Node halting configurations exist in the form of two flags: '--halt-height' and '--halt-time'. During
the ABCI Commit phase, the node will check if the current block height is greater than or equal to
the halt-height or if the current block time is greater than or equal to the halt-time. If so, the
node will gracefully shutdown and the block will not be committed. In addition, the node
will not be able to commit subsequent blocks.

For profiling and benchmarking purposes, CPU profiling can be enabled via the '--cpu-profile' flag
which accepts a path for the resulting V8 CPU profile.

docs/node.md lists which flags work, which are accepted without effect and which are refused.`;

export function startCommand(ctx: CliContext): Command {
  const cmd = new Command('start').summary('Run the full node').description(DESCRIPTION);
  withHome(cmd);
  withGlobalFlags(cmd, startFlag('chain-id').usage);
  for (const flag of START_FLAGS) cmd.addOption(optionOf(flag));
  return cmd.action(async (_opts: unknown, command: Command) => {
    const home = homeOf(command);
    const settings = resolveStartSettings(home, givenFlags(command));
    const logger = createLogger({ format: settings.logFormat, filter: parseLogLevel(settings.logLevel), write: ctx.out.stderr });
    let stop: (why: string) => void = () => undefined;
    const stopped = new Promise<string>((resolve) => (stop = resolve));
    // the SDK's ListenForQuitSignals keeps listening: a signal repeated while the node stops (a
    // second Ctrl-C, a process manager's group signal) is caught too, so the stop runs to its end
    // (the store closed, priv_validator_state.json written, the home's lock released)
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info('caught signal', { module: 'server', signal });
      stop(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    try {
      // a fatal error (a block that cannot be made or stored) stops the node: the servers close,
      // the lock is released, and the command fails with the error (exit 1)
      let fatal: Error | undefined;
      const onFatal = (err: Error) => {
        fatal ??= err;
        stop(err.message);
      };
      const running = await startNode(home, { settings, logger, onHalt: (reason) => stop(reason), onFatal });
      try {
        await stopped;
      } finally {
        await running.close(); // throws the block store's failure, if it failed
      }
      if (fatal) throw fatal;
      logger.info('node stopped', { module: 'server', height: running.node.height });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  });
}
