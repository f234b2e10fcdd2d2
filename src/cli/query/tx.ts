/**
 * `chaind query tx [--type hash|acc_seq|signature] <value>` (SDK v0.47 x/auth `QueryTxCmd`): one
 * committed tx by hash, by `<address>/<sequence>` (`tx.acc_seq`), or by its comma-separated base64
 * signatures (`tx.signature`). Printed as the transaction record of spec part 2, where the
 * top-level `events` carry their attribute keys and values base64-encoded while those in `logs`
 * stay plain (as the spec shows `query tx` output).
 */
import { Command, Option } from 'commander';
import type { GoJsonValue } from '../../codec/go-json.ts';
import { protoJsonValue } from '../../codec/proto-json.ts';
import { queryTx, queryTxsByEvents } from '../../client/tx-query.ts';
import type { TxResponseObject } from '../../client/tx-response.ts';
import { SdkErrors } from '../../errors.ts';
import type { CliContext } from '../context.ts';
import { addQueryFlags, QueryContext } from './context.ts';
import { printSdkJson } from './sdk-output.ts';

/** SDK `query.DefaultLimit` for the event searches of `--type acc_seq|signature`. */
const SEARCH_LIMIT = 100;

/** The spec's `query tx` form: top-level event attribute keys and values base64-encoded. */
export function txRecordJson(response: TxResponseObject, codec: QueryContext['codec']): GoJsonValue {
  const value = protoJsonValue('sdk.base.abci.v1beta1.TxResponse', response, { codec }) as { [k: string]: GoJsonValue };
  const b64 = (text: GoJsonValue) => Buffer.from(String(text), 'utf8').toString('base64');
  value.events = (value.events as { type: string; attributes: { key: string; value: string; index: boolean }[] }[]).map((e) => ({
    type: e.type,
    attributes: e.attributes.map((a) => ({ key: b64(a.key), value: b64(a.value), index: a.index })),
  }));
  return value;
}

export function txQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('tx')
    .description('Query for a transaction by hash, "<addr>/<seq>" combination or comma-separated signatures in a committed block')
    .argument('<hash|acc_seq|signatures>', 'tx hash (hex), <st1…address>/<sequence>, or comma-separated base64 signatures')
    .addOption(new Option('--type <type>', 'The type to be used when querying tx, can be one of "hash", "acc_seq", "signature"').default('hash'));
  // SDK v0.47 QueryTxCmd takes the common query flags: --height is accepted, a committed tx is found at any height
  addQueryFlags(cmd).action(async (arg: string, opts: { type: string }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    let response: TxResponseObject;
    switch (opts.type) {
      case 'hash':
        if (arg === '') throw new Error('argument should be a tx hash');
        response = await queryTx(qc.client, arg, qc.codec);
        break;
      case 'signature': {
        const sigs = arg.split(',');
        if (arg === '' || sigs.some((s) => s === '')) throw new Error('argument should be comma-separated signatures');
        const found = await queryTxsByEvents(qc.client, sigs.map((s) => `tx.signature='${s}'`), 1, SEARCH_LIMIT, '', qc.codec);
        if (found.txs.length === 0) throw new Error('found no txs matching given signatures');
        if (found.txs.length > 1) throw SdkErrors.Logic.wrap(`found ${found.txs.length} txs matching given signatures`);
        response = found.txs[0]!;
        break;
      }
      case 'acc_seq': {
        if (arg === '') throw new Error("`acc_seq` type takes an argument '<addr>/<seq>'");
        const found = await queryTxsByEvents(qc.client, [`tx.acc_seq='${arg}'`], 1, SEARCH_LIMIT, '', qc.codec);
        if (found.txs.length === 0) throw new Error('found no txs matching given address and sequence combination');
        if (found.txs.length > 1) throw new Error(`found ${found.txs.length} txs matching given address and sequence combination`);
        response = found.txs[0]!;
        break;
      }
      default:
        throw new Error(`unknown --type value ${opts.type}`);
    }
    printSdkJson(ctx.out, txRecordJson(response, qc.codec), qc.output);
  });
  return cmd;
}
