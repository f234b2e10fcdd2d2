/**
 * `chaind version`: the version; `--long` the whole build info as YAML (text) or JSON (SDK
 * `version.NewVersionCommand`, which prints with `Println`, so YAML ends with an empty line).
 */
import { Command, Option } from 'commander';
import type { CliContext } from '../context.ts';
import { OUTPUT_FORMATS, toJson, toYaml } from '../output.ts';
import { buildInfo, packageVersion } from './build-info.ts';
import { withGlobalFlags, withHome } from './node-flags.ts';

export function versionCommand(ctx: CliContext): Command {
  const cmd = new Command('version')
    .description('Print the application binary version information')
    .option('--long', 'Print long version information')
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('text'));
  // cobra's root persistent flags reach every command: `chaind version --home X` is accepted (and unused)
  return withGlobalFlags(withHome(cmd))
    .action((opts: { long?: boolean; output: string }) => {
      if (!opts.long) return ctx.out.stdout(packageVersion() + '\n');
      const info = buildInfo();
      ctx.out.stdout((opts.output === 'json' ? toJson(info) : toYaml(info)) + '\n');
    });
}
