/**
 * `chaind consensus validator-offline` and `inject-double-sign`: the operator's switches on a running
 * node's in-process consensus (its RPC's unsafe methods, served with `--rpc.unsafe`; see
 * src/api/rpc/methods/unsafe.ts). A validator may be named by its consensus address (40 hex digits
 * or `stvalcons1…`) or by its operator address (`stvaloper1…`, looked up through staking).
 */
import { Command } from 'commander';
import { sha256 } from '@noble/hashes/sha2.js';
import { RpcClient } from '../../client/rpc-client.ts';
import { queryGrpc } from '../../client/query-grpc.ts';
import { createCodec, type Codec } from '../../codec/registry.ts';
import { Hrp } from '../../crypto/address.ts';
import { homeLayout, readClientConfig } from '../../node/home.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';

/** The consensus address (hex) of a validator named by its operator address: staking's Validator query, in the chain's words (the home's naming profile). */
async function consensusAddressOfOperator(client: RpcClient, operator: string, codec: Codec): Promise<string> {
  const res = await queryGrpc(client, 'sdk.staking.v1beta1.Query/Validator', 'sdk.staking.v1beta1.QueryValidatorRequest', 'sdk.staking.v1beta1.QueryValidatorResponse', { validator_addr: operator }, undefined, codec);
  const pubkey = (res.validator as { consensus_pubkey?: { type_url: string; value: Uint8Array } } | null)?.consensus_pubkey;
  if (!pubkey) throw new Error(`validator ${operator} has no consensus key`);
  const key = (codec.decode('sdk.crypto.ed25519.PubKey', pubkey.value) as { key: Uint8Array }).key;
  return Buffer.from(sha256(key).subarray(0, 20)).toString('hex').toUpperCase();
}

async function validatorArg(ctx: CliContext, client: RpcClient, text: string): Promise<string> {
  return text.startsWith(`${Hrp.validator}1`) ? consensusAddressOfOperator(client, text, createCodec(ctx.naming)) : text;
}

function operatorCommand(name: string, description: string): Command {
  const cmd = new Command(name).description(description).argument('<validator>', `the validator: ${Hrp.validator}1…, ${Hrp.consensus}1… or its hex consensus address`);
  cmd.option('-n, --node <url>', 'Node to connect to (default: client.toml node)');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd;
}

function clientOf(opts: { node?: string }, command: Command): RpcClient {
  return new RpcClient(opts.node ?? readClientConfig(homeLayout(homeOf(command))).node);
}

export function validatorOfflineCommand(ctx: CliContext): Command {
  return operatorCommand('validator-offline', "Stop (or with --online resume) a validator's signatures on the running node's commits (needs --rpc.unsafe)")
    .option('--online', 'switch the validator back online', false)
    .action(async (validator: string, opts: { node?: string; online: boolean }, command: Command) => {
      const client = clientOf(opts, command);
      const address = await validatorArg(ctx, client, validator);
      const res = await client.call<{ offline_validators: string[] }>('unsafe_set_validator_offline', { address, offline: !opts.online });
      ctx.out.stdout(JSON.stringify(res) + '\n');
    });
}

export function injectDoubleSignCommand(ctx: CliContext): Command {
  return operatorCommand('inject-double-sign', 'Commit evidence that a validator signed two blocks at a height in the next block (needs --rpc.unsafe)')
    .option('--height <n>', 'the height of the double sign (default: the latest)')
    .action(async (validator: string, opts: { node?: string; height?: string }, command: Command) => {
      const client = clientOf(opts, command);
      const address = await validatorArg(ctx, client, validator);
      if (opts.height !== undefined && !/^\d+$/.test(opts.height)) throw new Error(`invalid height ${JSON.stringify(opts.height)}: expected a positive integer`);
      const res = await client.call<unknown>('unsafe_inject_double_sign', { address, ...(opts.height !== undefined ? { height: opts.height } : {}) });
      ctx.out.stdout(JSON.stringify(res) + '\n');
    });
}
