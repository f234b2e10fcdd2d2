/**
 * `chaind version`: the version; `--long` the whole build info as YAML (text) or JSON (SDK
 * `version.NewVersionCommand`, which prints with `Println`, so YAML ends with an empty line).
 */
import { Command, Option } from 'commander';
import type { CliContext } from '../context.ts';
import { OUTPUT_FORMATS, toJson, toYaml } from '../output.ts';
import { buildInfo } from './build-info.ts';
import { withGlobalFlags, withHome } from './node-flags.ts';

export function versionCommand(ctx: CliContext): Command {
  const cmd = new Command('version')
    .description('Print the application binary version information')
    .option('--long', 'Print long version information')
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('text'));
  // cobra's root persistent flags reach every command: `chaind version --home X` is accepted (and unused)
  return withGlobalFlags(withHome(cmd))
    .action((opts: { long?: boolean; output: string }) => {
      const info = buildInfo();
      if (!opts.long) return ctx.out.stdout(info.version + '\n');
      ctx.out.stdout((opts.output === 'json' ? toJson(info) : toYaml(info)) + '\n');
    });
}
