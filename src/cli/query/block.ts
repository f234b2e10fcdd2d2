/**
 * `chaind query block [height]` (SDK v0.47 `rpc.BlockCommand`, "Get verified data for the block at
 * given height"): the consensus RPC `block` result (`{block_id, block}`, spec part 2 "Block") as
 * compact JSON, whatever `-o` says, as the SDK prints it. No height (or 0) = the latest block.
 * `--type hash` (the later SDK's form) takes a block hash instead.
 */
import { Command, Option } from 'commander';
import { parseGoAtoi } from '../../codec/go-parse.ts';
import type { CliContext } from '../context.ts';
import { addQueryFlags, QueryContext } from './context.ts';

export function blockQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('block')
    .description('Get verified data for the block at given height (the latest without a height)')
    .argument('[height]', 'block height (or block hash with --type hash)')
    .addOption(new Option('--type <type>', "The type to be used when querying block: 'height' or 'hash'").choices(['height', 'hash']).default('height'));
  addQueryFlags(cmd, { height: false }).action(async (arg: string | undefined, opts: { type: 'height' | 'hash' }, self: Command) => {
    const qc = new QueryContext(ctx, self);
    let result: unknown;
    if (opts.type === 'hash') {
      if (!arg || !/^[0-9a-fA-F]{64}$/.test(arg)) throw new Error(`invalid block hash ${JSON.stringify(arg ?? '')}: expected 64 hex digits`);
      result = await qc.client.call('block_by_hash', { hash: Buffer.from(arg, 'hex').toString('base64') });
    } else {
      let height: bigint | undefined;
      if (arg !== undefined) {
        // strconv.Atoi's error is the command's; 0 and below mean the latest block
        const h = parseGoAtoi(arg);
        if (h > 0n) height = h;
      }
      result = await qc.client.block(height);
    }
    ctx.out.stdout(JSON.stringify(result) + '\n');
  });
  return cmd;
}
