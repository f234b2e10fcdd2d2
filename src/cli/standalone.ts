/**
 * What the storage network's executables (`nodeclient`, `gateway`) share: the stop signal a
 * long-running command waits for, and `main`, which runs a commander program and turns every
 * failure into `Error: <message>` on stderr and exit code 1, as `chaind` does.
 */
import { type Command, CommanderError } from 'commander';
import { type Output, processOutput } from './output.ts';

export interface StandaloneContext {
  readonly out: Output;
  /** resolves when the process is asked to stop (SIGINT/SIGTERM), watched from its first use; tests pass their own */
  readonly stopSignal: Promise<void>;
}

export function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function runStandalone(build: (ctx: StandaloneContext) => Command, argv: string[], ctx: Partial<StandaloneContext> = {}): Promise<number> {
  // the handlers are installed only by a command that waits for the signal: any other (`sdsim run`)
  // keeps Node's default, which ends the process at Ctrl-C or SIGTERM
  let signal = ctx.stopSignal;
  const full: StandaloneContext = {
    out: ctx.out ?? processOutput(),
    get stopSignal() {
      return (signal ??= stopSignal());
    },
  };
  try {
    await build(full).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    full.out.stderr(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
