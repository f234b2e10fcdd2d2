/**
 * `chaind query consensus-validator-set [height] --page --limit` (SDK v0.47
 * `rpc.ValidatorCommand`; `comet-validator-set` under the real naming profile, see
 * validator-set-names.ts): the consensus validator set printed by `PrintObjectLegacy`, i.e. amino
 * JSON: `stvalcons1…` addresses, the public key as its amino interface (`{"type":
 * "tendermint/PubKeyEd25519","value":…}`, `consensus/…` under the neutral profile, as `status`
 * prints it), integers as strings. Spec §4.4.
 */
import { Command } from 'commander';
import type { GoJsonValue } from '../../codec/go-json.ts';
import { parseGoDecimalInt64 } from '../../codec/go-parse.ts';
import { consAddress } from '../../crypto/address.ts';
import type { ValidatorJsonResult } from '../../client/rpc-client.ts';
import { aminoName, type NamingProfile } from '../../naming.ts';
import type { CliContext } from '../context.ts';
import { addQueryFlags, parseIntFlag, QueryContext } from './context.ts';
import { printSdkJson } from './sdk-output.ts';
import { validatorSetNames } from './validator-set-names.ts';

/** Consensus key types of the RPC JSON and their legacy amino names (SDK `FromTmPubKeyInterface`, then amino). */
const CONSENSUS_KEY_AMINO: Record<string, string> = {
  'tendermint/PubKeyEd25519': 'PubKeyEd25519',
  'tendermint/PubKeySecp256k1': 'PubKeySecp256k1',
};

export function validatorOutput(v: ValidatorJsonResult, naming: NamingProfile): GoJsonValue {
  const name = CONSENSUS_KEY_AMINO[v.pub_key.type];
  if (!name) throw new Error(`unsupported consensus key type ${v.pub_key.type} of validator ${v.address}`);
  return {
    address: consAddress(new Uint8Array(Buffer.from(v.address, 'hex'))),
    pub_key: { type: aminoName(naming, 'consensus', name), value: v.pub_key.value },
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
      // strconv.ParseInt(args[0], 10, 64)'s error is the command's; 0 and below mean the latest set
      const h = parseGoDecimalInt64(arg);
      if (h > 0n) height = h;
    }
    const res = await qc.client.validators(height, opts.page, opts.limit);
    const total = BigInt(res.total) < 0n ? 0n : BigInt(res.total);
    const out: GoJsonValue = {
      block_height: res.block_height,
      validators: res.validators.map((v) => validatorOutput(v, ctx.naming)),
      total: total.toString(),
    };
    printSdkJson(ctx.out, out, qc.output);
  });
  return cmd;
}
