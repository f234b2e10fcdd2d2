/**
 * `chaind tx sds upload --file-hash … --uploader st1… --reporter stsds1… --from <owner>` (spec §4.3;
 * reference/chain-semantics.md §2.3, §2.6): the owner of the reporting meta node records an upload.
 */
import { Command } from 'commander';
import { Hrp, sdkAddressFromBech32 } from '../../../crypto/address.ts';
import type { CliContext } from '../../context.ts';
import { accAddressFromBech32 } from '../acc-address.ts';
import { SDS, type SdsMsgBuilder, sdsTxAction } from './run.ts';

export interface UploadOptions {
  fileHash: string;
  uploader: string;
  reporter: string;
}

/**
 * As stratos' CLI: the reporter (`SdsAddressFromBech32`) and then the uploader
 * (`AccAddressFromBech32`) are parsed first, their Go errors as they are; the message carries
 * both as given, and the file hash is left to ValidateBasic.
 */
export const uploadMsg: SdsMsgBuilder<UploadOptions> = (from, opts) => {
  sdkAddressFromBech32(opts.reporter, Hrp.sds);
  accAddressFromBech32(opts.uploader);
  return { typeName: `${SDS}.MsgFileUpload`, value: { file_hash: opts.fileHash, from, reporter: opts.reporter, uploader: opts.uploader } };
};

export function uploadCommand(ctx: CliContext): Command {
  const cmd = new Command('upload')
    .description('Create and sign a file upload tx')
    .requiredOption('--file-hash <hash>', 'Hash of the uploaded file (v05… or 64 hex digits)')
    .requiredOption('--uploader <st1…>', 'Owner address of the resource node that uploaded the file')
    .requiredOption('--reporter <stsds1…>', 'Network address of the meta node that reports the upload');
  return sdsTxAction(ctx, cmd, uploadMsg);
}
