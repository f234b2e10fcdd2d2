/**
 * `chaind tx gov draft-proposal` (SDK v0.47 x/gov client/cli/prompt.go `NewCmdDraftProposal`):
 * writes `draft_proposal.json` (the file `submit-proposal` reads) and, unless `--skip-metadata`,
 * `draft_metadata.json` (the off-chain ProposalMetadata) into the working directory, as Go's
 * `json.MarshalIndent(v, "", " ")` writes them (mode 0600, no final newline), then prints the SDK's
 * notice. The SDK asks its questions interactively (promptui); here each answer is a flag:
 * `--type` (text, community-pool-spend or other with `--msg-type`), the metadata fields, `--deposit`
 * and `--msg` (the message's fields as proto-JSON; by default the message with every field empty and
 * the gov module account as authority, as the prompt pre-fills it). docs/gov-cli.md lists the
 * questions the SDK asks.
 */
import { writeFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { parseProtoJson, protoJsonValue } from '../../../codec/proto-json.ts';
import type { Codec } from '../../../codec/registry.ts';
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { parseCoinsNormalized } from '../../../math/coin-parse.ts';
import { moduleAccountAddress } from '../../../modules/auth/account.ts';
import type { CliContext } from '../../context.ts';
import { createCodec } from '../../../codec/registry.ts';
import { addTxFlags } from '../flags.ts';

export const DRAFT_PROPOSAL_FILE = 'draft_proposal.json';
export const DRAFT_METADATA_FILE = 'draft_metadata.json';

/** The SDK's `suggestedProposalTypes` this chain can execute (no upgrade module). */
export const PROPOSAL_TYPES: Readonly<Record<string, string>> = {
  text: '',
  'community-pool-spend': 'sdk.distribution.v1beta1.MsgCommunityPoolSpend',
  other: '',
};

interface DraftOptions {
  type: string;
  msgType?: string;
  msg?: string;
  title: string;
  authors: string;
  summary: string;
  details: string;
  proposalForumUrl: string;
  voteOptionContext: string;
  deposit: string;
  skipMetadata: boolean;
}

/** v1 `ProposalMetadata` (the off-chain JSON), in its field order. */
export function proposalMetadata(o: DraftOptions): GoJsonValue {
  return {
    title: o.title,
    authors: o.authors === '' ? null : o.authors.split(','),
    summary: o.summary,
    details: o.details,
    proposal_forum_url: o.proposalForumUrl,
    vote_option_context: o.voteOptionContext,
  };
}

/** The message of a draft: its proto-JSON with `@type`, the gov account as default authority. */
export function draftMessage(typeName: string, fieldsJson: string | undefined, codec: Codec): GoJsonValue {
  const url = codec.typeUrl(typeName);
  const type = codec.lookupType(typeName);
  const defaults: Record<string, unknown> = {};
  if (type.fields.authority) defaults.authority = moduleAccountAddress('gov');
  let fields: Record<string, unknown> = {};
  if (fieldsJson !== undefined) {
    const parsed = JSON.parse(fieldsJson) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('--msg must be a JSON object of the message fields');
    fields = parsed as Record<string, unknown>;
  }
  const any = parseProtoJson('google.protobuf.Any', JSON.stringify({ '@type': url, ...defaults, ...fields }), { codec });
  return protoJsonValue('google.protobuf.Any', any, { codec });
}

/** Go `json.MarshalIndent(v, "", " ")`: one-space indent, HTML characters escaped. */
export function goIndentJson(value: GoJsonValue): string {
  return JSON.stringify(value, null, 1)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function draftProposalCommand(ctx: CliContext): Command {
  const cmd = new Command('draft-proposal')
    .description('Generate a draft proposal json file. The generated proposal json contains only one message (skeleton).')
    .addOption(new Option('--type <type>', 'proposal type (the SDK prompts "Select proposal type")').choices(Object.keys(PROPOSAL_TYPES)).default('text'))
    .option('--msg-type <type-url>', 'the message type URL of an "other" proposal (the SDK prompts "Select proposal message type:")')
    .option('--msg <json>', "the message's fields as proto-JSON (the SDK prompts \"Enter msg <field>\" for each)")
    .option('--title <text>', 'proposal title', '')
    .option('--authors <list>', 'proposal authors, comma separated', '')
    .option('--summary <text>', 'proposal summary', '')
    .option('--details <text>', 'proposal details', '')
    .option('--proposal-forum-url <url>', 'proposal forum url', '')
    .option('--vote-option-context <text>', 'proposal vote option context', '')
    .option('--deposit <coins>', 'proposal deposit (the SDK prompts "Enter proposal deposit")', '')
    .option('--skip-metadata', 'skip metadata prompt', false);
  // the SDK adds the tx flags too (they are not used)
  return addTxFlags(cmd).action(async (o: DraftOptions) => {
      const codec = createCodec(ctx.naming);
      // promptui's coin validation of the deposit answer
      if (o.deposit !== '') parseCoinsNormalized(o.deposit);
      let typeName = PROPOSAL_TYPES[o.type];
      if (o.type === 'other') {
        if (o.msgType === undefined) throw new Error('a proposal of type other needs --msg-type <type url of the message>');
        const name = codec.typeNameOfUrl(o.msgType);
        if (name === null || !codec.interfaces.implements('Msg', name)) throw new Error(`unable to resolve type URL ${o.msgType}`);
        typeName = name;
      } else if (o.msgType !== undefined) throw new Error(`--msg-type is only for --type other`);
      if (typeName === '' && o.msg !== undefined) throw new Error('a text proposal has no message: drop --msg');
      const draft: { [k: string]: GoJsonValue } = {};
      if (typeName !== '') draft.messages = [draftMessage(typeName, o.msg, codec)];
      Object.assign(draft, { metadata: 'ipfs://CID', deposit: o.deposit, title: o.title, summary: o.summary });
      await writeFile(DRAFT_PROPOSAL_FILE, goIndentJson(draft), { mode: 0o600 });
      if (!o.skipMetadata) await writeFile(DRAFT_METADATA_FILE, goIndentJson(proposalMetadata(o)), { mode: 0o600 });
      ctx.out.stdout(
        'The draft proposal has successfully been generated.\nProposals should contain off-chain metadata, please upload the metadata JSON to IPFS.\nThen, replace the generated metadata field with the IPFS CID.\n',
      );
    });
}
