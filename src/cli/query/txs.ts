/**
 * `chaind query txs --events '<type>.<attr>=<value>&…' --page --limit` (SDK v0.47 x/auth
 * `QueryTxsByEventsCmd`): each condition becomes `type.attr='value'` (`tx.height=N` unquoted),
 * joined with AND for the consensus `tx_search`; the answer is the search wrapper of spec part 2
 * (`count`, `limit`, `page_number`, `page_total`, `total_count`, `txs`).
 */
import { Command } from 'commander';
import { protoJsonValue } from '../../codec/proto-json.ts';
import { queryTxsByEvents } from '../../client/tx-query.ts';
import type { CliContext } from '../context.ts';
import { typeUrl } from '../../naming.ts';
import { addQueryFlags, parseIntFlag, QueryContext } from './context.ts';
import { printSdkJson } from './sdk-output.ts';

const EVENT_FORMAT = '{eventType}.{eventAttribute}={value}';
/** spec part 8: `query txs` page size */
export const DEFAULT_TXS_LIMIT = 30;

/** SDK: `a.b=c&d.e=f` → [`a.b='c'`, `d.e='f'`]; every item needs exactly one `=`. */
export function parseEventFilters(text: string): string[] {
  const events = text.replace(/^'+|'+$/g, '').split('&');
  return events.map((event) => {
    const parts = event.split('=');
    if (parts.length !== 2) throw new Error(`invalid event; event ${event} should be of the format: ${EVENT_FORMAT}`);
    const [key, value] = parts as [string, string];
    return key === 'tx.height' ? `${key}=${value}` : `${key}='${value}'`;
  });
}

export function txsQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('txs')
    .summary('Query for paginated transactions that match a set of events')
    .description(
      'Query for paginated transactions that match a set of events.\n' +
        `Events are given as ${EVENT_FORMAT} items joined by '&', e.g.\n` +
        `  chaind query txs --events 'message.sender=st1...&message.action=${typeUrl(ctx.naming, 'sdk.bank.v1beta1.MsgSend')}' --page 1 --limit 30`,
    )
    .requiredOption('--events <events>', `list of transaction events in the form of ${EVENT_FORMAT}`)
    .option('--page <int>', 'Query a specific page of paginated results', parseIntFlag, 1)
    .option('--limit <int>', 'Query number of transactions results per page returned', parseIntFlag, DEFAULT_TXS_LIMIT);
  // SDK v0.47 QueryTxsByEventsCmd takes the common query flags: --height is accepted, the search is of the whole chain
  addQueryFlags(cmd).action(async (opts: { events: string; page: number; limit: number }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    const result = await queryTxsByEvents(qc.client, parseEventFilters(opts.events), opts.page, opts.limit, '', qc.codec);
    printSdkJson(ctx.out, protoJsonValue('sdk.base.abci.v1beta1.SearchTxsResult', result, { codec: qc.codec }), qc.output);
  });
  return cmd;
}
