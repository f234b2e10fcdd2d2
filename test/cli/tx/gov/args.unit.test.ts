/**
 * `chaind tx gov …` and `chaind query gov …` refuse bad arguments and flags locally, with the SDK
 * v0.47 x/gov CLI's texts, before anything is signed or sent (reference/sdk-modules.md §3.6): the
 * client home points at a port where no node listens, so any network call would fail differently.
 * `draft-proposal` writes its two files as the SDK does.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleAccountAddress } from '../../../../src/modules/auth/account.ts';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { weightedVoteOptionsArg } from '../../../../src/cli/tx/gov/args.ts';
import { testKey } from '../../../helpers/fixture.ts';
import { offlineHome } from '../offline-home.ts';

const ALICE = testKey(0);
const VAL = valAddress(addressFromBech32(ALICE.address));
const { chaind, fails, dir: tmp, home: homeDir } = offlineHome('chaind-gov-args-');

async function file(name: string, text: string): Promise<string> {
  const path = join(tmp(), name);
  await writeFile(path, text);
  return path;
}

describe('tx gov: local argument errors', () => {
  it('deposit: the id as a uint, then the coins', async () => {
    await fails(['tx', 'gov', 'deposit', 'x', '10stos', '--from', 'alice'], 'proposal-id x not a valid uint, please input a valid proposal-id');
    // ParseUint takes no sign
    await fails(['tx', 'gov', 'deposit', '+1', '10stos', '--from', 'alice'], 'proposal-id +1 not a valid uint, please input a valid proposal-id');
    await fails(['tx', 'gov', 'deposit', '-1', '10stos', '--from', 'alice'], 'proposal-id -1 not a valid uint, please input a valid proposal-id');
    await fails(['tx', 'gov', 'deposit', '18446744073709551616', '10stos', '--from', 'alice'], 'proposal-id 18446744073709551616 not a valid uint, please input a valid proposal-id');
    await fails(['tx', 'gov', 'deposit', '1', '1x!', '--from', 'alice'], 'invalid decimal coin expression: 1x!');
  });

  it('vote: the id (the SDK says "int"), then the option through NormalizeVoteOption', async () => {
    await fails(['tx', 'gov', 'vote', 'one', 'yes', '--from', 'alice'], 'proposal-id one not a valid int, please input a valid proposal-id');
    await fails(['tx', 'gov', 'vote', '1', 'YES', '--from', 'alice'], "'YES' is not a valid vote option");
    await fails(['tx', 'gov', 'vote', '1', 'veto', '--from', 'alice'], "'veto' is not a valid vote option");
  });

  it('weighted-vote: options, a missing weight is 1, weights as LegacyNewDecFromStr', async () => {
    await fails(['tx', 'gov', 'weighted-vote', '1.5', 'yes', '--from', 'alice'], 'proposal-id 1.5 not a valid int, please input a valid proposal-id');
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=0.5,maybe=0.5', '--from', 'alice'], "'maybe' is not a valid vote option");
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=x', '--from', 'alice'], 'failed to set decimal string with base 10: x000000000000000000');
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=', '--from', 'alice'], 'decimal string cannot be empty');
    expect(weightedVoteOptionsArg('yes=0.6,NoWithVeto=0.4')).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '0.600000000000000000' },
      { option: 'VOTE_OPTION_NO_WITH_VETO', weight: '0.400000000000000000' },
    ]);
    expect(weightedVoteOptionsArg('abstain')).toEqual([{ option: 'VOTE_OPTION_ABSTAIN', weight: '1.000000000000000000' }]);
    expect(weightedVoteOptionsArg('VOTE_OPTION_NO=1=2')).toEqual([{ option: 'VOTE_OPTION_NO', weight: '1.000000000000000000' }]);
  });

  it("then the message's ValidateBasic, as GenerateOrBroadcastTxCLI runs it", async () => {
    const offline = ['--from', ALICE.address, '--generate-only'];
    await fails(['tx', 'gov', 'vote', '1', 'VOTE_OPTION_UNSPECIFIED', ...offline], 'VOTE_OPTION_UNSPECIFIED: invalid vote option');
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=1,no=0', ...offline], 'option:VOTE_OPTION_NO weight:"0.000000000000000000": invalid vote option');
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=0.5,yes', ...offline], 'Duplicated vote option: invalid vote option');
  });

  it('submit-proposal: the file as os.ReadFile and json.Unmarshal read it, the messages as proto-JSON, the deposit', async () => {
    const missing = join(tmp(), 'nope.json');
    await fails(['tx', 'gov', 'submit-proposal', missing, '--from', 'alice'], `open ${missing}: no such file or directory`);
    await fails(['tx', 'gov', 'submit-proposal', await file('empty.json', ''), '--from', 'alice'], 'unexpected end of JSON input');
    await fails(['tx', 'gov', 'submit-proposal', await file('bad.json', '{"title": x}'), '--from', 'alice'], "invalid character 'x' looking for beginning of value");
    await fails(['tx', 'gov', 'submit-proposal', await file('num.json', '{"title": 5}'), '--from', 'alice'], 'json: cannot unmarshal number into Go struct field proposal.title of type string');
    await fails(['tx', 'gov', 'submit-proposal', await file('msgs.json', '{"messages": "x"}'), '--from', 'alice'], 'json: cannot unmarshal string into Go struct field proposal.messages of type []json.RawMessage');
    await fails(['tx', 'gov', 'submit-proposal', await file('arr.json', '[]'), '--from', 'alice'], 'json: cannot unmarshal array into Go value of type cli.proposal');
    await fails(['tx', 'gov', 'submit-proposal', await file('dep.json', '{"Title": "t", "DEPOSIT": "1x!"}'), '--from', 'alice'], 'invalid decimal coin expression: 1x!');
  });

  it('submit-proposal: each message as UnmarshalInterfaceJSON into sdk.Msg reads it', async () => {
    const offline = ['--from', ALICE.address, '--generate-only'];
    const submit = async (messages: unknown[]) => ['tx', 'gov', 'submit-proposal', await file('msgs.json', JSON.stringify({ messages, title: 't', summary: 's' })), ...offline];
    await fails(await submit([{ '@type': '/sdk.nothing.Msg' }]), 'unable to resolve type URL /sdk.nothing.Msg');
    await fails(await submit([{ from_address: 'x' }]), "Any JSON doesn't have '@type'");
    await fails(await submit([{ '@type': '/sdk.bank.v1beta1.MsgSend', bogus: 1 }]), 'unknown field "bogus" in types.MsgSend');
    await fails(
      await submit([{ '@type': '/sdk.gov.v1beta1.TextProposal', title: 'a', description: 'b' }]),
      'no concrete type registered for type URL /sdk.gov.v1beta1.TextProposal against interface *types.Msg',
    );
    // the unpacking recurses into the message (UnpackInterfaces): a MsgExecLegacyContent's content must be a Content
    const gov = moduleAccountAddress('gov');
    const send = { '@type': '/sdk.bank.v1beta1.MsgSend', from_address: gov, to_address: ALICE.address, amount: [] };
    await fails(
      await submit([{ '@type': '/sdk.gov.v1.MsgExecLegacyContent', content: send, authority: gov }]),
      'no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *v1beta1.Content',
    );
    // then MsgSubmitProposal's ValidateBasic
    await fails(await submit([]), 'either metadata or Msgs length must be non-nil: no messages proposed');
  });

  it('submit-legacy-proposal: flags or --proposal, validated in the SDK order, then the deposit and the type', async () => {
    const cmd = ['tx', 'gov', 'submit-legacy-proposal', '--from', 'alice'];
    await fails(cmd, 'failed to parse proposal: proposal type is required');
    // only Text/text is a type; anything else is dropped by NormalizeProposalType
    await fails([...cmd, '--type', 'TEXT', '--title', 't', '--description', 'd'], 'failed to parse proposal: proposal type is required');
    await fails([...cmd, '--type', 'text'], 'failed to parse proposal: proposal title is required');
    await fails([...cmd, '--type', 'Text', '--title', 't'], 'failed to parse proposal: proposal description is required');
    await fails([...cmd, '--type', 'Text', '--title', 't', '--description', 'd', '--deposit', '1x!'], 'invalid decimal coin expression: 1x!');
    const f = await file('legacy.json', '{"title": "t", "description": "d", "type": "param-change", "deposit": "1stos"}');
    await fails([...cmd, '--proposal', f, '--deposit', '1stos'], 'failed to parse proposal: --deposit flag provided alongside --proposal, which is a noop');
    await fails([...cmd, '--proposal', f, '--title', 't', '--deposit', '1stos'], 'failed to parse proposal: --title flag provided alongside --proposal, which is a noop');
    await fails([...cmd, '--proposal', f], 'failed to create proposal content: unknown proposal type param-change');
    await fails([...cmd, '--proposal', await file('legacy2.json', '{"title": "t", "type": "Text"}')], 'failed to parse proposal: proposal description is required');
    await fails([...cmd, '--proposal', await file('legacy3.json', '{"title": 1}')], 'failed to parse proposal: json: cannot unmarshal number into Go struct field legacyProposal.Title of type string');
  });
});

describe('tx gov draft-proposal', () => {
  it('writes draft_proposal.json and draft_metadata.json as json.MarshalIndent(v, "", " ")', async () => {
    const cwd = process.cwd();
    const work = join(tmp(), 'draft-text');
    await mkdir(work);
    process.chdir(work);
    try {
      const r = await chaind(['tx', 'gov', 'draft-proposal', '--title', 'T <1>', '--summary', 'S', '--authors', 'a,b', '--deposit', '10stos']);
      expect(r).toEqual({
        code: 0,
        stderr: '',
        stdout:
          'The draft proposal has successfully been generated.\nProposals should contain off-chain metadata, please upload the metadata JSON to IPFS.\nThen, replace the generated metadata field with the IPFS CID.\n',
      });
      expect(await readFile(join(work, 'draft_proposal.json'), 'utf8')).toBe('{\n "metadata": "ipfs://CID",\n "deposit": "10stos",\n "title": "T \\u003c1\\u003e",\n "summary": "S"\n}');
      expect(await readFile(join(work, 'draft_metadata.json'), 'utf8')).toBe(
        '{\n "title": "T \\u003c1\\u003e",\n "authors": [\n  "a",\n  "b"\n ],\n "summary": "S",\n "details": "",\n "proposal_forum_url": "",\n "vote_option_context": ""\n}',
      );
      expect((await stat(join(work, 'draft_proposal.json'))).mode & 0o777).toBe(0o600);
    } finally {
      process.chdir(cwd);
    }
  });

  it('a community-pool-spend draft has the message with the gov account as authority; --skip-metadata writes one file', async () => {
    const cwd = process.cwd();
    const work = join(tmp(), 'draft-spend');
    await mkdir(work);
    process.chdir(work);
    try {
      const r = await chaind(['tx', 'gov', 'draft-proposal', '--type', 'community-pool-spend', '--msg', `{"recipient":"${ALICE.address}"}`, '--skip-metadata']);
      expect(r.code).toBe(0);
      expect(JSON.parse(await readFile(join(work, 'draft_proposal.json'), 'utf8'))).toEqual({
        messages: [{ '@type': '/sdk.distribution.v1beta1.MsgCommunityPoolSpend', authority: moduleAccountAddress('gov'), recipient: ALICE.address, amount: [] }],
        metadata: 'ipfs://CID',
        deposit: '',
        title: '',
        summary: '',
      });
      await expect(stat(join(work, 'draft_metadata.json'))).rejects.toThrow(/ENOENT/);
      await fails(['tx', 'gov', 'draft-proposal', '--type', 'other', '--msg-type', '/sdk.nothing.Msg'], 'unable to resolve type URL /sdk.nothing.Msg');
      await fails(['tx', 'gov', 'draft-proposal', '--deposit', '1x!'], 'invalid decimal coin expression: 1x!');
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('query gov: local argument errors', () => {
  it('ids, addresses, statuses and param types before anything is sent', async () => {
    await fails(['query', 'gov', 'proposal', 'x'], 'proposal-id x not a valid uint, please input a valid proposal-id');
    await fails(['query', 'gov', 'vote', 'x', ALICE.address], 'proposal-id x not a valid int, please input a valid proposal-id');
    await fails(['query', 'gov', 'votes', 'x'], 'proposal-id x not a valid int, please input a valid proposal-id');
    await fails(['query', 'gov', 'deposit', 'x', ALICE.address], 'proposal-id x not a valid uint, please input a valid proposal-id');
    await fails(['query', 'gov', 'deposits', 'x'], 'proposal-id x not a valid uint, please input a valid proposal-id');
    await fails(['query', 'gov', 'tally', '-1'], 'proposal-id -1 not a valid int, please input a valid proposal-id');
    await fails(['query', 'gov', 'proposer', 'x'], 'proposal-id x is not a valid uint');
    await fails(['query', 'gov', 'proposals', '--status', 'failed'], "'failed' is not a valid proposal status");
    await fails(['query', 'gov', 'proposals', '--depositor', VAL], 'invalid Bech32 prefix; expected st, got stvaloper');
    await fails(['query', 'gov', 'proposals', '--depositor', ALICE.address, '--voter', VAL], 'invalid Bech32 prefix; expected st, got stvaloper');
  });
});
