/**
 * `chaind query sds upload [file_hash]` (spec §4.4): `{file_info: {height, reporters, uploader}}`.
 * The pagination flags are accepted and, as on the real chain, unused (reference §2.6).
 */
import { Command } from 'commander';
import { SdsErrors } from '../../../modules/sds/errors.ts';
import type { CliContext } from '../../context.ts';
import { addPaginationFlags, addQueryFlags } from '../context.ts';
import { runSdsQuery } from './run.ts';

export function uploadQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('upload').description('Query uploaded file info by hash').argument('<file_hash>', 'hash of the file (v05… or 64 hex digits)');
  addPaginationFlags(addQueryFlags(cmd), 'upload');
  // stratos' command never calls ReadPageRequest: --page with --offset, or any --page-key, is no error.
  // It trims the hash and refuses an empty one itself (ErrEmptyFileHash), before any query.
  return cmd.action((fileHash: string, _opts: unknown, self: Command) => {
    const hash = fileHash.trim();
    if (hash === '') throw SdsErrors.EmptyFileHash.wrap('Missing file hash');
    return runSdsQuery(ctx, self, { method: 'Fileupload', stem: 'FileUpload', request: { file_hash: hash } });
  });
}
