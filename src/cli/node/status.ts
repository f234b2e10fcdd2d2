/**
 * `chaind status`: the node status from the consensus RPC in the SDK CLI's form (legacy amino JSON
 * of `resultStatus`): `NodeInfo` and `SyncInfo` as the RPC gives them, `ValidatorInfo` with
 * `Address`, the SDK's amino `PubKey` and `VotingPower`. `--node` defaults to client.toml's node.
 */
import { Command } from 'commander';
import { aminoName } from '../../naming.ts';
import { RpcClient } from '../../client/rpc-client.ts';
import { homeLayout, readClientConfig } from '../../node/home.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

interface RpcValidatorInfo {
  address?: string;
  pub_key?: { type?: string; value?: string } | null;
  voting_power?: string;
}

export function statusCommand(ctx: CliContext): Command {
  const cmd = new Command('status').description('Query remote node for status').option('-n, --node <url>', 'Node to connect to (default "tcp://localhost:26657")');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action(async (opts: { node?: string }, command: Command) => {
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
    ctx.out.stdout(JSON.stringify(out) + '\n');
  });
}
