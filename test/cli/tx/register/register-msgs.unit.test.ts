/**
 * Given the flags of each `chaind tx register …` command (spec §4.3), the command builds exactly
 * the message of proto/chain/register/v1/tx.proto: field by field, coins normalised to wei, the
 * `--pubkey` protobuf JSON packed as an Any, `--from` as owner / voter. The commands are parsed by
 * commander as on the command line; the tx framework is replaced by a recorder.
 */
import { bech32 } from 'bech32';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { codec } from '../../../../src/codec/registry.ts';
import { bufferOutput } from '../../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../../src/cli/prompt.ts';
import { NEUTRAL } from '../../../../src/naming.ts';
import type { CliContext } from '../../../../src/cli/context.ts';
import type { TxMessage } from '../../../../src/client/sign-tx.ts';
import { createResourceNodeCommand, createResourceNodeMsg } from '../../../../src/cli/tx/register/create-resource-node.ts';
import { createMetaNodeCommand, createMetaNodeMsg } from '../../../../src/cli/tx/register/create-meta-node.ts';
import { updateResourceNodeCommand, updateResourceNodeMsg } from '../../../../src/cli/tx/register/update-resource-node.ts';
import { updateMetaNodeCommand, updateMetaNodeMsg } from '../../../../src/cli/tx/register/update-meta-node.ts';
import { updateResourceNodeDepositCommand, updateResourceNodeDepositMsg } from '../../../../src/cli/tx/register/update-resource-node-deposit.ts';
import { updateMetaNodeDepositCommand, updateMetaNodeDepositMsg } from '../../../../src/cli/tx/register/update-meta-node-deposit.ts';
import { removeResourceNodeCommand, removeResourceNodeMsg } from '../../../../src/cli/tx/register/remove-resource-node.ts';
import { removeMetaNodeCommand, removeMetaNodeMsg } from '../../../../src/cli/tx/register/remove-meta-node.ts';
import { metaNodeRegVoteCommand, metaNodeRegVoteMsg } from '../../../../src/cli/tx/register/meta-node-reg-vote.ts';
import { kickMetaNodeVoteCommand, kickMetaNodeVoteMsg } from '../../../../src/cli/tx/register/kick-meta-node-vote.ts';
import type { RegisterMsgBuilder } from '../../../../src/cli/tx/register/run.ts';
import { testKey } from '../../../helpers/fixture.ts';

const OWNER = testKey(0).address;
const OTHER = testKey(1).address;
/** node0's ed25519 key of the sample network (reference/wire-formats.md §3.3) */
const KEY_B64 = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const KEY = Buffer.from(KEY_B64, 'base64');
const PUBKEY_JSON = `{"@type":"/sdk.crypto.ed25519.PubKey","key":"${KEY_B64}"}`;
/** network address = bech32("stsds", sha256(key)[0:20]), computed here independently */
const NODE = bech32.encode('stsds', bech32.toWords(sha256(KEY).subarray(0, 20)));
const VOTER = bech32.encode('stsds', bech32.toWords(new Uint8Array(20).fill(9)));
/** protobuf of `sdk.crypto.ed25519.PubKey{key}`: field 1, length 32 */
const PUBKEY_ANY = { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 0x20, ...KEY]) };
const DESCRIPTION = { moniker: 'n1', identity: 'id', website: 'https://n1.example', security_contact: 'sec@n1.example', details: 'dt' };
const DESCRIPTION_FLAGS = ['--moniker', 'n1', '--identity', 'id', '--website', 'https://n1.example', '--security-contact', 'sec@n1.example', '--details', 'dt'];

const ctx: CliContext = { out: bufferOutput(), prompt: scriptedPrompter([]), naming: NEUTRAL };

/** Parses `argv` with the command's own flags and records the message its builder makes for `--from`. */
async function built<O>(make: (c: CliContext) => Command, build: RegisterMsgBuilder<O>, argv: string[]): Promise<TxMessage> {
  const cmd = make(ctx).exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  let msg: TxMessage | undefined;
  cmd.action((...params: unknown[]) => {
    const self = params[params.length - 1] as Command;
    msg = build(OWNER, { ...(self.opts() as O), args: self.args }, codec);
  });
  // --from is required (stratos marks it so); the recorder builds for OWNER
  await cmd.parseAsync([...argv, '--from', 'alice'], { from: 'user' });
  if (!msg) throw new Error('no message built');
  return msg;
}

describe('resource nodes', () => {
  it('create-resource-node: every flag in its field, 1stos as wei, the beneficiary defaults to the owner', async () => {
    const msg = await built(createResourceNodeCommand, createResourceNodeMsg, ['--network-address', NODE, '--amount', '1stos', '--pubkey', PUBKEY_JSON, '--node-type', '4', ...DESCRIPTION_FLAGS]);
    expect(msg).toEqual({
      typeName: 'chain.register.v1.MsgCreateResourceNode',
      value: { network_address: NODE, pubkey: PUBKEY_ANY, value: { denom: 'wei', amount: '1000000000000000000' }, owner_address: OWNER, beneficiary_address: OWNER, description: DESCRIPTION, node_type: 4 },
    });
    // the message encodes with the proto of tx.proto
    expect(codec.decode('chain.register.v1.MsgCreateResourceNode', codec.encode('chain.register.v1.MsgCreateResourceNode', msg.value))).toMatchObject({ node_type: 4, network_address: NODE });
  });

  it('create-resource-node: --beneficiary-address, the stsdspub1 key form and optional description flags', async () => {
    const stsdspub = bech32.encode('stsdspub', bech32.toWords(KEY));
    const msg = await built(createResourceNodeCommand, createResourceNodeMsg, ['--network-address', NODE, '--amount', '5gwei', '--pubkey', stsdspub, '--node-type', '7', '--moniker', 'm', '--beneficiary-address', OTHER]);
    expect(msg.value).toEqual({
      network_address: NODE,
      pubkey: PUBKEY_ANY,
      value: { denom: 'wei', amount: '5000000000' },
      owner_address: OWNER,
      beneficiary_address: OTHER,
      description: { moniker: 'm', identity: '', website: '', security_contact: '', details: '' },
      node_type: 7,
    });
  });

  it('create-resource-node refuses a missing flag, a bad node type and a non-ed25519 key', async () => {
    await expect(built(createResourceNodeCommand, createResourceNodeMsg, ['--network-address', NODE, '--amount', '1stos', '--pubkey', PUBKEY_JSON, '--moniker', 'm'])).rejects.toThrow(
      "error: required option '--node-type <uint32>' not specified",
    );
    await expect(built(createResourceNodeCommand, createResourceNodeMsg, ['--network-address', NODE, '--amount', '1stos', '--pubkey', PUBKEY_JSON, '--moniker', 'm', '--node-type', 'x'])).rejects.toThrow(
      'strconv.ParseUint: parsing "x": invalid syntax',
    );
    const secp = '{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"A/Jf1Ws8mzhsoNp2e0v4gnrDCQ2l4V/YW5+ANxwzYh2U"}';
    await expect(built(createResourceNodeCommand, createResourceNodeMsg, ['--network-address', NODE, '--amount', '1stos', '--pubkey', secp, '--moniker', 'm', '--node-type', '1'])).rejects.toThrow(
      `invalid --pubkey ${JSON.stringify(secp)}: a node key is /sdk.crypto.ed25519.PubKey, got /chain.crypto.v1.ethsecp256k1.PubKey`,
    );
  });

  it('update-resource-node: description, node type, beneficiary; --node-type defaults to 0, which the CLI refuses (ErrNodeType)', async () => {
    expect(await built(updateResourceNodeCommand, updateResourceNodeMsg, ['--network-address', NODE, '--node-type', '2', '--beneficiary-address', OTHER, ...DESCRIPTION_FLAGS])).toEqual({
      typeName: 'chain.register.v1.MsgUpdateResourceNode',
      value: { description: DESCRIPTION, beneficiary_address: OTHER, network_address: NODE, owner_address: OWNER, node_type: 2 },
    });
    await expect(built(updateResourceNodeCommand, updateResourceNodeMsg, ['--network-address', NODE, '--moniker', 'x'])).rejects.toThrow(/^node type\(s\) not supported$/);
    expect((await built(updateResourceNodeCommand, updateResourceNodeMsg, ['--network-address', NODE, '--moniker', 'x', '--node-type', '1'])).value).toMatchObject({ node_type: 1, beneficiary_address: '' });
  });

  it('update-resource-node-deposit: the delta in wei; --incr-deposit is accepted and ignored', async () => {
    const expected = { typeName: 'chain.register.v1.MsgUpdateResourceNodeDeposit', value: { network_address: NODE, owner_address: OWNER, deposit_delta: { denom: 'wei', amount: '100000000000' } } };
    expect(await built(updateResourceNodeDepositCommand, updateResourceNodeDepositMsg, ['--network-address', NODE, '--deposit-delta', '100gwei'])).toEqual(expected);
    expect(await built(updateResourceNodeDepositCommand, updateResourceNodeDepositMsg, ['--network-address', NODE, '--deposit-delta', '100gwei', '--incr-deposit', 'false'])).toEqual(expected);
  });

  it('remove-resource-node', async () => {
    expect(await built(removeResourceNodeCommand, removeResourceNodeMsg, ['--network-address', NODE])).toEqual({
      typeName: 'chain.register.v1.MsgRemoveResourceNode',
      value: { resource_node_address: NODE, owner_address: OWNER },
    });
  });
});

describe('meta nodes', () => {
  it('create-meta-node: as create-resource-node without node type', async () => {
    expect(await built(createMetaNodeCommand, createMetaNodeMsg, ['--network-address', NODE, '--amount', '0.5stos', '--pubkey', PUBKEY_JSON, ...DESCRIPTION_FLAGS])).toEqual({
      typeName: 'chain.register.v1.MsgCreateMetaNode',
      value: { network_address: NODE, pubkey: PUBKEY_ANY, value: { denom: 'wei', amount: '500000000000000000' }, owner_address: OWNER, beneficiary_address: OWNER, description: DESCRIPTION },
    });
  });

  it('update-meta-node', async () => {
    expect(await built(updateMetaNodeCommand, updateMetaNodeMsg, ['--network-address', NODE, ...DESCRIPTION_FLAGS])).toEqual({
      typeName: 'chain.register.v1.MsgUpdateMetaNode',
      value: { description: DESCRIPTION, beneficiary_address: '', network_address: NODE, owner_address: OWNER },
    });
  });

  it('update-meta-node-deposit: --incr-deposit true adds the delta, false subtracts it (spec §4.3)', async () => {
    const base = ['--network-address', NODE, '--deposit-delta', '2gwei'];
    expect(await built(updateMetaNodeDepositCommand, updateMetaNodeDepositMsg, [...base, '--incr-deposit', 'true'])).toEqual({
      typeName: 'chain.register.v1.MsgUpdateMetaNodeDeposit',
      value: { network_address: NODE, owner_address: OWNER, deposit_delta: { denom: 'wei', amount: '2000000000' } },
    });
    expect((await built(updateMetaNodeDepositCommand, updateMetaNodeDepositMsg, [...base, '--incr-deposit=false'])).value).toEqual({
      network_address: NODE,
      owner_address: OWNER,
      deposit_delta: { denom: 'wei', amount: '-2000000000' },
    });
    await expect(built(updateMetaNodeDepositCommand, updateMetaNodeDepositMsg, base)).rejects.toThrow("error: required option '--incr-deposit [bool]' not specified");
    await expect(built(updateMetaNodeDepositCommand, updateMetaNodeDepositMsg, [...base, '--incr-deposit', 'maybe'])).rejects.toThrow('strconv.ParseBool: parsing "maybe": invalid syntax');
  });

  it('remove-meta-node: --network-address or the positional address; an owner positional must be the signer', async () => {
    const expected = { typeName: 'chain.register.v1.MsgRemoveMetaNode', value: { meta_node_address: NODE, owner_address: OWNER } };
    expect(await built(removeMetaNodeCommand, removeMetaNodeMsg, ['--network-address', NODE])).toEqual(expected);
    expect(await built(removeMetaNodeCommand, removeMetaNodeMsg, [NODE, OWNER])).toEqual(expected);
    await expect(built(removeMetaNodeCommand, removeMetaNodeMsg, [NODE, OTHER])).rejects.toThrow(`owner_address ${OTHER} is not the signer ${OWNER} (--from): the owner signs the removal`);
    await expect(built(removeMetaNodeCommand, removeMetaNodeMsg, [])).rejects.toThrow('the meta node address is required: give <meta_node_address> or --network-address');
    await expect(built(removeMetaNodeCommand, removeMetaNodeMsg, [VOTER, '--network-address', NODE])).rejects.toThrow(
      `the meta node address is given twice and differs: ${VOTER} (argument) and ${NODE} (--network-address)`,
    );
  });

  it('remove-meta-node shows the positional usage line', () => {
    expect(removeMetaNodeCommand(ctx).usage()).toBe('<meta_node_address> <owner_address> [flags]');
  });

  it('meta-node-reg-vote', async () => {
    expect(
      await built(metaNodeRegVoteCommand, metaNodeRegVoteMsg, ['--candidate-network-address', NODE, '--candidate-owner-address', OTHER, '--opinion', 'true', '--voter-network-address', VOTER]),
    ).toEqual({
      typeName: 'chain.register.v1.MsgMetaNodeRegistrationVote',
      value: { candidate_network_address: NODE, candidate_owner_address: OTHER, opinion: true, voter_network_address: VOTER, voter_owner_address: OWNER },
    });
  });

  it('kick-meta-node-vote with the newer flag set; --opinion false', async () => {
    expect(await built(kickMetaNodeVoteCommand, kickMetaNodeVoteMsg, ['--voter-network-address', VOTER, '--target-network-address', NODE, '--opinion', 'false'])).toEqual({
      typeName: 'chain.register.v1.MsgKickMetaNodeVote',
      value: { target_network_address: NODE, opinion: false, voter_network_address: VOTER, voter_owner_address: OWNER },
    });
  });
});
