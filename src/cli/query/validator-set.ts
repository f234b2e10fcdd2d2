/**
 * `chaind query consensus-validator-set [height] --page --limit` (SDK v0.47
 * `rpc.ValidatorCommand`; `comet-validator-set` under the real naming profile, see
 * validator-set-names.ts): the consensus validator set with `stvalcons1…` addresses and
 * proto-JSON public keys (`@type` `/sdk.crypto.ed25519.PubKey`), integers as strings (amino JSON).
 * Spec §4.4.
 */
import { Command } from 'commander';
import type { GoJsonValue } from '../../codec/go-json.ts';
import { protoJsonValue } from '../../codec/proto-json.ts';
import type { Codec } from '../../codec/registry.ts';
import { consAddress } from '../../crypto/address.ts';
import type { ValidatorJsonResult } from '../../client/rpc-client.ts';
import type { CliContext } from '../context.ts';
import { addQueryFlags, parseIntFlag, QueryContext } from './context.ts';
import { printSdkJson } from './sdk-output.ts';
import { validatorSetNames } from './validator-set-names.ts';

/** Consensus key types of the RPC JSON and their proto messages (SDK `FromTmPubKeyInterface`). */
const CONSENSUS_KEY_PROTO: Record<string, string> = {
  'tendermint/PubKeyEd25519': 'sdk.crypto.ed25519.PubKey',
  'tendermint/PubKeySecp256k1': 'sdk.crypto.secp256k1.PubKey',
};

export function validatorOutput(v: ValidatorJsonResult, c: Codec): GoJsonValue {
  const proto = CONSENSUS_KEY_PROTO[v.pub_key.type];
  if (!proto) throw new Error(`unsupported consensus key type ${v.pub_key.type} of validator ${v.address}`);
  const pubKey = c.packAny(proto, { key: new Uint8Array(Buffer.from(v.pub_key.value, 'base64')) });
  return {
    address: consAddress(new Uint8Array(Buffer.from(v.address, 'hex'))),
    pub_key: protoJsonValue('google.protobuf.Any', pubKey, { codec: c }),
    proposer_priority: v.proposer_priority,
    voting_power: v.voting_power,
  };
}

export function validatorSetQueryCommand(ctx: CliContext): Command {
  const names = validatorSetNames(ctx.naming);
  const cmd = new Command(names.name)
    .aliases(names.aliases)
    .description('Get the full consensus validator set at given height (the latest without a height)')
    .argument('[height]', 'block height')
    .option('--page <int>', 'Query a specific page of paginated results', parseIntFlag, 1)
    .option('--limit <int>', 'Query number of results returned per page', parseIntFlag, 100);
  addQueryFlags(cmd, { height: false }).action(async (arg: string | undefined, opts: { page: number; limit: number }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    let height: bigint | undefined;
    if (arg !== undefined) {
      if (!/^-?\d+$/.test(arg)) throw new Error(`invalid height ${JSON.stringify(arg)}: expected an integer`);
      if (BigInt(arg) > 0n) height = BigInt(arg);
    }
    const res = await qc.client.validators(height, opts.page, opts.limit);
    const total = BigInt(res.total) < 0n ? 0n : BigInt(res.total);
    const out: GoJsonValue = {
      block_height: res.block_height,
      validators: res.validators.map((v) => validatorOutput(v, qc.codec)),
      total: total.toString(),
    };
    printSdkJson(ctx.out, out, qc.output);
  });
  return cmd;
}
