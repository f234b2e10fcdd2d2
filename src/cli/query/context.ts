/**
 * The common flags of query commands (spec §4.4; SDK v0.47 `flags.AddQueryFlagsToCmd` and
 * `AddPaginationFlagsToCmd`) and what they select: the node (flag, then client.toml), the height
 * and the output format (the flag, then client.toml's `output`; default text = YAML).
 */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { outputFormatOf, readClientConfig } from '../../client/client-config.ts';
import { RpcClient } from '../../client/rpc-client.ts';
import { createCodec, type Codec } from '../../codec/registry.ts';
import { SdkErrors } from '../../errors.ts';
import type { CliContext } from '../context.ts';
import { defaultHome } from '../home.ts';
import { withClientGlobalFlags } from '../node/node-flags.ts';
import type { OutputFormat } from '../output.ts';
import { OUTPUT_FORMATS } from '../output.ts';
import { DEFAULT_NODE, parseInt64, parseUint64 } from '../tx/flags.ts';

/** Pagination defaults of the SDK CLI (reference/sdk-modules.md §1.5). */
export const DEFAULT_PAGE_LIMIT = 100n;

/** `--height`: a block height, 0 = latest (pflag int64, base 0; a negative height is refused here). */
export function parseHeight(value: string): bigint {
  const height = parseInt64(value);
  if (height < 0n) throw new InvalidArgumentError('expected a block height (a non-negative integer; 0 = latest).');
  return height;
}

/** `--page`/`--limit` of the consensus RPC searches (Go int, pflag base 0). */
export function parseIntFlag(value: string): number {
  return Number(parseInt64(value));
}

export function addQueryFlags(cmd: Command, opts: { height?: boolean } = {}): Command {
  cmd
    .option('--home <dir>', 'The application home directory', defaultHome())
    .option('-n, --node <uri>', '<host>:<port> to the consensus RPC interface for this chain (default "tcp://localhost:26657")')
    .addOption(new Option('-o, --output <format>', 'Output format (text|json)').choices(OUTPUT_FORMATS).default('text'));
  if (opts.height !== false) cmd.addOption(new Option('--height <int>', 'Use a specific height to query state at (this can error if the node is pruning state)').argParser(parseHeight).default(0n, '0'));
  // the query root's persistent --chain-id, and v0.47's gRPC flags: queries go through the consensus RPC either way
  cmd
    .option('--chain-id <id>', 'The network chain ID (not used by queries)')
    .option('--grpc-addr <addr>', 'the gRPC endpoint to use for this chain (accepted; queries go through --node)')
    .option('--grpc-insecure', 'allow gRPC over insecure channels, if not TLS the server must use TLS (accepted; queries go through --node)', false);
  return withClientGlobalFlags(cmd);
}

export function addPaginationFlags(cmd: Command, what: string): Command {
  return cmd
    .option('--page-key <key>', `pagination page-key of ${what} to query for`, '')
    .addOption(new Option('--offset <uint>', `pagination offset of ${what} to query for`).argParser(parseUint64).default(0n, '0'))
    .addOption(new Option('--limit <uint>', `pagination limit of ${what} to query for`).argParser(parseUint64).default(DEFAULT_PAGE_LIMIT, '100'))
    .option('--count-total', `count total number of records in ${what} to query for`, false)
    .addOption(new Option('--page <uint>', `pagination page of ${what} to query for. This sets offset to a multiple of limit`).argParser(parseUint64).default(1n, '1'))
    .option('--reverse', 'results are sorted in descending order', false);
}

export interface PageRequest {
  key: Uint8Array;
  offset: bigint;
  limit: bigint;
  count_total: boolean;
  reverse: boolean;
}

/** SDK `client.ReadPageRequest`: `--page N` sets offset (N−1)·limit; `--page-key` is taken as raw bytes. */
export function readPageRequest(cmd: Command): PageRequest {
  const o = cmd.opts<{ pageKey: string; offset: bigint; limit: bigint; countTotal: boolean; page: bigint; reverse: boolean }>();
  if (o.page > 1n && o.offset > 0n) throw SdkErrors.InvalidRequest.wrap('page and offset cannot be used together');
  const offset = o.page > 1n ? (o.page - 1n) * o.limit : o.offset;
  return { key: new TextEncoder().encode(o.pageKey), offset, limit: o.limit, count_total: o.countTotal, reverse: o.reverse };
}

export class QueryContext {
  readonly codec: Codec;
  readonly output: OutputFormat;
  /** 0 = latest */
  readonly height: bigint;
  readonly client: RpcClient;

  constructor(
    readonly cli: CliContext,
    cmd: Command,
  ) {
    const o = cmd.opts<{ home: string; node?: string; output: OutputFormat; height?: bigint }>();
    this.codec = createCodec(cli.naming);
    this.output = outputFormatOf(cmd.getOptionValueSource('output') === 'cli' ? o.output : undefined, o.home, o.output);
    this.height = o.height ?? 0n;
    this.client = new RpcClient(o.node ?? readClientConfig(o.home).node ?? DEFAULT_NODE);
  }
}
