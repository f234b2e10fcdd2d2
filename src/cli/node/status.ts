/**
 * `chaind status`: the node status from the consensus RPC in the SDK v0.47 CLI's form (legacy amino
 * JSON of `resultStatus`, spec part 3): `NodeInfo` and `SyncInfo` as the RPC gives them,
 * `ValidatorInfo` with `Address`, the SDK's amino `PubKey` and `VotingPower`. `--node` defaults to
 * client.toml's node.
 *
 * `-o json` (the default, whatever client.toml's `output` says) prints that JSON on one line, as
 * v0.47 always did; `-o text` prints the same document as YAML with sorted keys, the way the SDK
 * prints any JSON in text form (the flag came with SDK v0.50, whose `status` also renamed the keys
 * to snake case; the keys here stay v0.47's).
 */
import { Command, Option } from 'commander';
import { aminoName } from '../../naming.ts';
import { RpcClient } from '../../client/rpc-client.ts';
import { homeLayout, readClientConfig } from '../../node/home.ts';
import type { CliContext } from '../context.ts';
import { OUTPUT_FORMATS, type OutputFormat } from '../output.ts';
import { printSdkJson } from '../query/sdk-output.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

interface RpcValidatorInfo {
  address?: string;
  pub_key?: { type?: string; value?: string } | null;
  voting_power?: string;
}

export function statusCommand(ctx: CliContext): Command {
  const cmd = new Command('status')
    .description('Query remote node for status')
    .option('-n, --node <url>', 'Node to connect to (default "tcp://localhost:26657")')
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('json'));
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action(async (opts: { node?: string; output: OutputFormat }, command: Command) => {
    const node = opts.node ?? readClientConfig(homeLayout(homeOf(command))).node;
    const status = await new RpcClient(node).call<{ node_info: unknown; sync_info: unknown; validator_info?: RpcValidatorInfo }>('status');
    const v = status.validator_info ?? {};
    const out = {
      NodeInfo: status.node_info,
      SyncInfo: status.sync_info,
      ValidatorInfo: {
        Address: v.address ?? '',
        // the SDK converts the consensus key to its own PubKey, whose amino name is the profile's
        PubKey: v.pub_key?.value ? { type: aminoName(ctx.naming, 'consensus', 'PubKeyEd25519'), value: v.pub_key.value } : null,
        VotingPower: v.voting_power ?? '0',
      },
    };
    printSdkJson(ctx.out, JSON.stringify(out), opts.output);
  });
}
