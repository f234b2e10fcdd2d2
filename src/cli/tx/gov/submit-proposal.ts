/**
 * `chaind tx gov submit-proposal <file>` and `submit-legacy-proposal` (SDK v0.47 x/gov
 * client/cli/tx.go `NewCmdSubmitProposal`, `NewCmdSubmitLegacyProposal`; reference §3.6). The
 * proposer is `--from`.
 */
import { Command } from 'commander';
import { parseProtoJson } from '../../../codec/proto-json.ts';
import type { Any, Codec } from '../../../codec/registry.ts';
import { unpackAs } from '../../../codec/tx.ts';
import type { CliContext } from '../../context.ts';
import { typeUrl } from '../../../naming.ts';
import { coinsArg } from '../staking/args.ts';
import { sdkTxAction } from '../staking/run.ts';
import { GOV_V1, GOV_V1BETA1 } from './args.ts';
import { type LegacyProposalFile, readLegacyProposalFile, readProposalFile } from './proposal-file.ts';

/**
 * SDK `Codec.UnmarshalInterfaceJSON(msg, &sdk.Msg)`: one proto-JSON message with its `@type`
 * (jsonpb: `Any JSON doesn't have '@type'`, `unable to resolve type URL X`, `unknown field "f" in
 * types.MsgSend`), then the registry's `UnpackAny`: it must be a Msg, and the Anys inside it must
 * be what their fields accept (`no concrete type registered for type URL X against interface
 * *types.Msg`, or `… *v1beta1.Content` for a MsgExecLegacyContent whose content is not one).
 */
export function proposalMessageArg(raw: string, codec: Codec): Any {
  const value = JSON.parse(raw) as unknown;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !Object.hasOwn(value, '@type')) throw new Error("Any JSON doesn't have '@type'");
  const any = parseProtoJson('google.protobuf.Any', raw, { codec }) as unknown as Any;
  unpackAs(codec, any, 'Msg');
  return any;
}

export function submitProposalCommand(ctx: CliContext): Command {
  const cmd = new Command('submit-proposal')
    .description('Submit a proposal along with some messages, metadata and deposit')
    .argument('<path/to/proposal.json>', 'a JSON file with messages, metadata, deposit, title and summary')
    .addHelpText(
      'after',
      `
The proposal file (messages are proto-JSON with their "@type"; the authority of the gov module's messages
is the gov module account):
{
  "messages": [
    {
      "@type": "${typeUrl(ctx.naming, 'sdk.bank.v1beta1.MsgSend')}",
      "from_address": "<gov module account address>",
      "to_address": "st1...",
      "amount": [{"denom": "wei", "amount": "10"}]
    }
  ],
  "metadata": "ipfs://CID",
  "deposit": "10stos",
  "title": "My proposal",
  "summary": "A short summary of my proposal"
}
metadata, title and summary are at most 255 bytes each; an empty messages list needs metadata.`,
    );
  return sdkTxAction(ctx, cmd, async (from, _o, [path], tc) => {
    const file = await readProposalFile(path);
    const messages = file.messages.map((raw) => proposalMessageArg(raw, tc.codec));
    const deposit = coinsArg(file.deposit);
    return [
      {
        typeName: `${GOV_V1}.MsgSubmitProposal`,
        value: { messages, initial_deposit: deposit, proposer: from.address, metadata: file.metadata, title: file.title, summary: file.summary },
      },
    ];
  });
}

interface LegacyFlags {
  title: string;
  description: string;
  type: string;
  deposit: string;
  proposal: string;
}

/** The flags `--proposal` must not be combined with, in the SDK's order (`ProposalFlags`). */
const PROPOSAL_FLAGS = ['title', 'description', 'type', 'deposit'] as const;

/** govutils `NormalizeProposalType`: `Text`/`text`, anything else is dropped. */
function normalizeProposalType(type: string): string {
  return type === 'Text' || type === 'text' ? 'Text' : '';
}

/** `legacyProposal.validate`. */
function validateLegacy(p: LegacyProposalFile): LegacyProposalFile {
  if (p.type === '') throw new Error('proposal type is required');
  if (p.title === '') throw new Error('proposal title is required');
  if (p.description === '') throw new Error('proposal description is required');
  return p;
}

/** `parseSubmitLegacyProposalFlags`: the flags, or the `--proposal` file (then the flags are an error). */
export async function legacyProposalOf(o: LegacyFlags): Promise<LegacyProposalFile> {
  if (o.proposal === '') return validateLegacy({ title: o.title, description: o.description, type: normalizeProposalType(o.type), deposit: o.deposit });
  for (const flag of PROPOSAL_FLAGS) if (o[flag] !== '') throw new Error(`--${flag} flag provided alongside --proposal, which is a noop`);
  return validateLegacy(await readLegacyProposalFile(o.proposal));
}

export function submitLegacyProposalCommand(ctx: CliContext): Command {
  const cmd = new Command('submit-legacy-proposal')
    .description('Submit a legacy proposal along with an initial deposit')
    .option('--title <text>', 'The proposal title', '')
    .option('--description <text>', 'The proposal description', '')
    .option('--type <type>', 'The proposal Type (Text)', '')
    .option('--deposit <coins>', 'The proposal deposit', '')
    .option('--proposal <file>', 'Proposal file path (if this path is given, other proposal flags are ignored)', '')
    .addHelpText(
      'after',
      `
Submit a legacy proposal along with an initial deposit.
Proposal title, description, type and deposit can be given directly or through a proposal JSON file.

Example:
$ chaind tx gov submit-legacy-proposal --proposal="path/to/proposal.json" --from mykey

Where proposal.json contains:
{
  "title": "Test Proposal",
  "description": "My awesome proposal",
  "type": "Text",
  "deposit": "10stos"
}

Which is equivalent to:
$ chaind tx gov submit-legacy-proposal --title="Test Proposal" --description="My awesome proposal" --type="Text" --deposit="10stos" --from mykey`,
    );
  return sdkTxAction(ctx, cmd, async (from, o: LegacyFlags, _args, tc) => {
    let proposal: LegacyProposalFile;
    try {
      proposal = await legacyProposalOf(o);
    } catch (err) {
      throw new Error(`failed to parse proposal: ${(err as Error).message}`);
    }
    const deposit = coinsArg(proposal.deposit);
    // v1beta1 `ContentFromProposalType`: only the text proposal
    if (proposal.type.toLowerCase() !== 'text') throw new Error(`failed to create proposal content: unknown proposal type ${proposal.type}`);
    const content = tc.codec.packAny(`${GOV_V1BETA1}.TextProposal`, { title: proposal.title, description: proposal.description });
    return [{ typeName: `${GOV_V1BETA1}.MsgSubmitProposal`, value: { content, initial_deposit: deposit, proposer: from.address } }];
  });
}
