/**
 * MsgFileUpload (reference/chain-semantics.md §2.3): records that a meta node reported an upload.
 * ValidateBasic: file hash (7), then the `from`, `reporter`, `uploader` addresses (SDK 7, with
 * stratos' fixed texts, e.g. `failed to parse reporter address: invalid address`).
 * Handler: the signer must own the reporter meta node (11), the reporter's bit is set in the
 * file's bitmap, height and uploader are overwritten, no coins move.
 *
 * The reporter must also be an active meta node (Bonded, not suspended), as the project's issue 6
 * asks; the real chain accepts an owned meta node of any status. Both failures are code 11.
 */
import type { MsgSpec } from '../../state/module.ts';
import { getMetaNode, isActiveMetaNode, metaNodeIndexList, ownsMetaNode } from '../register/index.ts';
import { SdkErrors } from '../../errors.ts';
import { accountProblem, sdsProblem } from './addresses.ts';
import { SdsErrors } from './errors.ts';
import { SdsEvents } from './events.ts';
import { fileHashProblem } from './file-hash.ts';
import type { MsgFileUpload } from './msg-types.ts';
import { setReporterBit } from './reporters-bitmap.ts';
import { getFileInfo, setFileInfo } from './state.ts';

const P = 'chain.sds.v1';

/** ValidateBasic (stratos `x/sds/types/msg.go`): a fixed text per field, the parse error left out. */
function validateAddresses(msg: MsgFileUpload): void {
  if (accountProblem(msg.from) !== undefined) throw SdkErrors.InvalidAddress.wrap('failed to validate from address');
  if (sdsProblem(msg.reporter) !== undefined) throw SdkErrors.InvalidAddress.wrap('failed to parse reporter address');
  if (accountProblem(msg.uploader) !== undefined) throw SdkErrors.InvalidAddress.wrap('failed to parse uploader address');
}

/** The handler (stratos `x/sds/keeper/msg_server.go`): reporter, from, uploader, each `Wrap(ErrInvalidAddress, err.Error())`. */
function handlerAddresses(msg: MsgFileUpload): void {
  for (const why of [sdsProblem(msg.reporter), accountProblem(msg.from), accountProblem(msg.uploader)]) {
    if (why !== undefined) throw SdkErrors.InvalidAddress.wrap(why);
  }
}

export const msgFileUpload: MsgSpec<MsgFileUpload> = {
  typeName: `${P}.MsgFileUpload`,
  responseType: `${P}.MsgFileUploadResponse`,
  signers: (msg) => [msg.from],
  validateBasic(msg) {
    const why = fileHashProblem(msg.file_hash);
    if (why !== undefined) throw SdsErrors.InvalidFileHash.wrap(why);
    validateAddresses(msg);
  },
  handle(draft, msg, ctx) {
    handlerAddresses(msg);
    if (!ownsMetaNode(draft, msg.from, msg.reporter) || !isActiveMetaNode(getMetaNode(draft, msg.reporter))) throw SdsErrors.ReporterAddressOrOwner.error();
    const existing = getFileInfo(draft, msg.file_hash);
    const bitmap = existing ? Uint8Array.from(Buffer.from(existing.reporters, 'hex')) : new Uint8Array(0);
    // [QUIRK] a reporter missing from the index gets index 0 (the lookup error is ignored)
    const index = Math.max(0, metaNodeIndexList(draft).indexOf(msg.reporter));
    const reporters = Buffer.from(setReporterBit(bitmap, index)).toString('hex');
    setFileInfo(draft, msg.file_hash, { height: ctx.block.height, reporters, uploader: msg.uploader });
    ctx.emit(SdsEvents.fileUpload({ sender: msg.from, reporter: msg.reporter, uploader: msg.uploader, file_hash: msg.file_hash }));
    return {};
  },
};
