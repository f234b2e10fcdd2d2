/**
 * `chaind export`: the chain's state as a genesis document (src/node/export.ts), sorted compact
 * JSON on stdout or, with `--output-document`, an indented file.
 */
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { exportGenesis } from '../../node/export.ts';
import { sortedJson } from '../../node/sorted-json.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

interface ExportFlags {
  height: string;
  forZeroHeight?: boolean;
  jailAllowedAddrs?: string;
  modulesToExport?: string;
  outputDocument?: string;
}

const list = (text: string | undefined) => (text ? text.split(',').map((s) => s.trim()).filter(Boolean) : []);

export function exportCommand(ctx: CliContext): Command {
  const cmd = new Command('export')
    .description('Export state to JSON')
    .option('--height <height>', 'Export state from a particular height (-1 means latest height)', '-1')
    .option('--for-zero-height', 'Export state to start at height zero (perform preproccessing)')
    .option('--jail-allowed-addrs <addrs>', 'Comma-separated list of operator addresses of jailed validators to unjail')
    .option('--modules-to-export <modules>', 'Comma-separated list of modules to export. If empty, will export all modules')
    .option('--output-document <file>', 'Exported state is written to the given file instead of STDOUT');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action((opts: ExportFlags, command: Command) => {
    if (!/^-?\d+$/.test(opts.height)) {
      throw new Error(`invalid argument ${JSON.stringify(opts.height)} for "--height" flag: strconv.ParseInt: parsing ${JSON.stringify(opts.height)}: invalid syntax`);
    }
    const doc = exportGenesis(homeOf(command), {
      height: BigInt(opts.height),
      forZeroHeight: opts.forZeroHeight ?? false,
      jailAllowedAddrs: list(opts.jailAllowedAddrs),
    });
    const modules = list(opts.modulesToExport);
    if (modules.length > 0) {
      const appState = doc.app_state as Record<string, unknown>;
      for (const m of modules) if (!(m in appState)) throw new Error(`module ${m} does not exist (modules: ${Object.keys(appState).join(', ')})`);
      doc.app_state = Object.fromEntries(Object.entries(appState).filter(([m]) => modules.includes(m)));
    }
    if (opts.outputDocument) writeFileSync(opts.outputDocument, JSON.stringify(doc, null, 2));
    else ctx.out.stdout(sortedJson(doc) + '\n');
  });
}
