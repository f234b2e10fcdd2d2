/**
 * `chaind tx pot slashing --reporters --reporter-owner --network-address --wallet-address
 * --slashing --suspend` (reference/chain-semantics.md §3.9–3.10).
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { POT, potTxAction } from './run.ts';

function jsonList(text: string | undefined, flag: string): string[] {
  try {
    const v = JSON.parse(text ?? '[]') as unknown;
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v;
  } catch {
    // fall through to the message below
  }
  throw new Error(`invalid ${flag} ${JSON.stringify(text)}: expected a JSON list of strings, e.g. '["stsds1…"]'`);
}

export function slashingCommand(ctx: CliContext): Command {
  const cmd = new Command('slashing')
    .description('Record a slashing debt (in noz) against a resource node wallet, optionally suspending the node')
    .option('--reporters <json>', 'JSON list of reporter meta-node addresses (stsds1…)')
    .option('--reporter-owner <json>', 'JSON list of the reporters\' owner addresses (st1…)')
    .option('--network-address <address>', 'resource node network address (stsds1…)', '')
    .option('--wallet-address <address>', 'wallet charged with the debt (st1…)', '')
    .option('--slashing <noz>', 'amount in noz', '0')
    .option('--suspend', 'suspend the node', false);
  type O = { reporters?: string; reporterOwner?: string; networkAddress: string; walletAddress: string; slashing: string; suspend: boolean };
  return potTxAction<O>(ctx, cmd, (_from, o) => {
    if (!/^-?[0-9]+$/.test(o.slashing)) throw new Error(`invalid --slashing ${JSON.stringify(o.slashing)}: expected an integer amount of noz`);
    return {
      typeName: `${POT}.MsgSlashingResourceNode`,
      value: {
        reporters: jsonList(o.reporters, '--reporters'),
        reporter_owner: jsonList(o.reporterOwner, '--reporter-owner'),
        network_address: o.networkAddress,
        wallet_address: o.walletAddress,
        slashing: o.slashing,
        suspend: o.suspend,
      },
    };
  });
}
