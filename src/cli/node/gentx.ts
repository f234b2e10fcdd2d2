/**
 * `chaind genesis gentx` and `collect-gentxs` (SDK v0.47 x/genutil/client/cli `GenTxCmd`,
 * `CollectGenTxsCmd`): a validator's genesis tx — a MsgCreateValidator with its self-delegation,
 * signed with account number 0 and sequence 0 as genesis txs are — written to
 * `config/gentx/gentx-<node id>.json`; collect-gentxs puts every file of that directory (by name)
 * into `app_state.genutil.gen_txs`, where InitChain delivers them and takes the validator set
 * from staking (src/abci/genutil.ts).
 *
 * Departure: `chaind init` writes the node's key into `genesis.validators` (the fixed set of a chain
 * without staking validators); collect-gentxs empties that list, as a genesis with gentxs gets its
 * set from InitChain (CometBFT would refuse a genesis whose two sets differ).
 */
import { Command, Option } from 'commander';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signTxDocument, unsignedTxDocument, DEFAULT_GAS_LIMIT } from '../../client/sign-tx.ts';
import { createCodec, type Codec } from '../../codec/registry.ts';
import { profileOfAppState } from '../../naming.ts';

import { parseProtoJson, printProtoJson } from '../../codec/proto-json.ts';
import { base64 } from '../../codec/go-json.ts';
import { loadOrCreateNodeKey, loadOrCreatePrivValidatorKey } from '../../consensus/keys.ts';
import { openKeyring } from '../../crypto/keyring/open.ts';
import { recordAddress } from '../../crypto/keyring/record.ts';
import { accAddress } from '../../crypto/address.ts';
import { readGenesisJson, writeGenesisJson, type GenesisJson } from '../../node/genesis-file.ts';
import { homeLayout, readConsensusConfig, tomlString } from '../../node/home.ts';
import { sortedJson } from '../../node/sorted-json.ts';
import { createValidatorMsg, type CreateValidatorOptions } from '../tx/staking/create-validator.ts';
import { msgSpecOf } from '../tx/framework.ts';
import { CONSENSUS_KEY_TYPE } from '../tx/staking/args.ts';
import { parseUint64 } from '../tx/flags.ts';
import type { CliContext } from '../context.ts';
import { homeOf, withGlobalFlags, withHome } from './node-flags.ts';
import { makeDirs } from '../../make-dirs.ts';

/** The codec of the naming profile a genesis document records. */
function codecOfGenesis(genesis: GenesisJson): Codec {
  return createCodec(profileOfAppState(genesis.app_state));
}

interface GentxFlags extends CreateValidatorOptions {
  chainId?: string;
  ip: string;
  p2pPort: bigint;
  nodeId?: string;
  outputDocument?: string;
  keyringBackend: string;
  keyringDir?: string;
  note?: string;
}

interface GenesisBalance {
  readonly address: string;
  readonly coins: readonly { readonly denom: string; readonly amount: string }[];
}

function genesisBalanceOf(genesis: GenesisJson, address: string): GenesisBalance | undefined {
  const bank = (genesis.app_state as Record<string, unknown> | undefined)?.bank as { balances?: GenesisBalance[] } | undefined;
  return bank?.balances?.find((b) => b.address === address);
}

/** SDK `ValidateAccountInGenesis`: the delegator holds at least the self-delegation in genesis. */
function checkGenesisFunds(genesis: GenesisJson, address: string, value: { denom: string; amount: string }): void {
  const balance = genesisBalanceOf(genesis, address);
  if (!balance) throw new Error(`account ${address} does not have a balance in the genesis state`);
  const held = BigInt(balance.coins.find((c) => c.denom === value.denom)?.amount ?? '0');
  if (held < BigInt(value.amount)) {
    const coins = balance.coins.map((c) => `${c.amount}${c.denom}`).join(',');
    throw new Error(`account ${address} has a balance in genesis, but it only has ${coins} available to stake, not ${value.amount}${value.denom}`);
  }
}

export function gentxCommand(ctx: CliContext): Command {
  const cmd = new Command('gentx')
    .summary('Generate a genesis tx carrying a self delegation')
    .description(
      'Generate a genesis transaction that creates a validator with a self-delegation,\nthat is signed by the key in the Keyring referenced by a given name. A node ID and consensus\npubkey may optionally be provided. If they are omitted, they will be retrieved from the priv_validator.json\nfile. The following default parameters are included:\n\n\tdelegation amount:           100000000stake\n\tcommission rate:             0.1\n\tcommission max rate:         0.2\n\tcommission max change rate:  0.01\n\tminimum self delegation:     1',
    )
    .argument('<key_name>', 'the keyring key that signs and delegates')
    .argument('<amount>', 'the self-delegation, e.g. 100stos or 100000000000000000000wei')
    .option('--moniker <name>', "The validator's name (default: the node's moniker)")
    .option('--identity <string>', 'The optional identity signature (ex. UPort or Keybase)', '')
    .option('--website <url>', "The validator's (optional) website", '')
    .option('--security-contact <email>', "The validator's (optional) security contact email", '')
    .option('--details <text>', "The validator's (optional) details", '')
    .option('--commission-rate <dec>', 'The initial commission rate percentage', '0.1')
    .option('--commission-max-rate <dec>', 'The maximum commission rate percentage', '0.2')
    .option('--commission-max-change-rate <dec>', 'The maximum commission change rate percentage (per day)', '0.01')
    .option('--min-self-delegation <int>', 'The minimum self delegation required on the validator', '1')
    .option('--pubkey <json>', "The validator's Protobuf JSON encoded public key (default: the key of priv_validator_key.json)")
    .option('--ip <ip>', "The node's public P2P IP", '127.0.0.1')
    .addOption(new Option('--p2p-port <uint>', "The node's public P2P port").default(26656n, '26656').argParser(parseUint64))
    .option('--node-id <id>', "The node's NodeID (default: the home's node key)")
    .option('--output-document <file>', 'Write the genesis transaction JSON document to the given file instead of the default location')
    .option('--note <memo>', "Note to add a description to the transaction (replaced by '<node id>@<ip>:<p2p port>' unless --ip is empty or --p2p-port 0)")
    .option('--keyring-backend <backend>', "Select keyring's backend (os|file|test|memory)", 'os')
    .option('--keyring-dir <dir>', "The client Keyring directory; if omitted, the default 'home' directory will be used");
  withHome(cmd);
  withGlobalFlags(cmd, "The chain ID the gentx is signed for (default: genesis.json's chain_id)");
  return cmd.action(async (keyName: string, amount: string, opts: GentxFlags, command: Command) => {
    const home = homeOf(command);
    const config = readConsensusConfig(home);
    const layout = homeLayout(home, config);
    if (!existsSync(layout.genesisFile)) throw new Error(`failed to read genesis doc from file: open ${layout.genesisFile}: no such file or directory`);
    const genesis = readGenesisJson(layout.genesisFile);
    // in the words of the chain's naming profile (genesis app_state.naming)
    const codec = codecOfGenesis(genesis);
    const chainId = opts.chainId ?? String(genesis.chain_id ?? '');
    const nodeId = opts.nodeId ?? loadOrCreateNodeKey(layout.nodeKeyFile).id;
    const pubkey = opts.pubkey ?? JSON.stringify({ '@type': codec.typeUrl(CONSENSUS_KEY_TYPE), key: base64(loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile).pubKey) });

    const keyring = openKeyring({ backend: opts.keyringBackend, dir: opts.keyringDir ?? home, prompt: ctx.prompt });
    let record;
    try {
      record = await keyring.key(keyName);
    } catch (e) {
      throw new Error(`failed to fetch '${keyName}' from the keyring: ${(e as Error).message}`);
    }
    const address = accAddress(recordAddress(record));
    const msg = createValidatorMsg(address, { ...opts, amount, moniker: opts.moniker ?? tomlString(config, 'moniker') }, pubkey, codec);
    try {
      checkGenesisFunds(genesis, address, (msg.value as { value: { denom: string; amount: string } }).value);
    } catch (e) {
      throw new Error(`failed to validate account in genesis: ${(e as Error).message}`);
    }
    // GenTxCmd: the message's ValidateBasic before signing (commission rates, minimum self-delegation)
    msgSpecOf(msg.typeName).validateBasic?.(msg.value);

    // BuildCreateValidatorMsg with generateOnly: the peer address replaces the note when it is complete
    const memo = nodeId !== '' && opts.ip !== '' && opts.p2pPort > 0n ? `${nodeId}@${opts.ip}:${opts.p2pPort}` : (opts.note ?? '');
    const doc = unsignedTxDocument({ messages: [msg], memo, fee: [], gasLimit: DEFAULT_GAS_LIMIT }, codec);
    const signed = await signTxDocument(
      doc,
      {
        pubKey: record.pubKey,
        chainId,
        accountNumber: 0n,
        sequence: 0n,
        mode: 'direct',
        overwrite: true,
        sign: async (bytes) => (await keyring.sign(keyName, bytes)).signature,
      },
      codec,
    );
    const out = opts.outputDocument ?? join(layout.configDir, 'gentx', `gentx-${nodeId}.json`);
    makeDirs(join(out, '..'));
    // writeSignedGenTx opens with O_CREATE|O_EXCL: an existing gentx is never replaced
    try {
      writeFileSync(out, printProtoJson('sdk.tx.v1beta1.Tx', signed, { codec }) + '\n', { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`failed to write signed gen tx: open ${out}: file exists`);
      throw e;
    }
    ctx.out.stderr(`Genesis transaction written to "${out}"\n`);
  });
}

/** The MsgCreateValidator of a gentx file, checked as SDK `CollectTxs` does. */
function gentxValue(path: string, json: unknown, genesis: GenesisJson): unknown {
  const codec = codecOfGenesis(genesis);
  let tx: { body?: { messages?: { '@type'?: string }[] } };
  try {
    tx = parseProtoJson('sdk.tx.v1beta1.Tx', json, { codec }) as typeof tx;
  } catch (e) {
    throw new Error(`failed to decode GenTx '${path}': ${(e as Error).message}`);
  }
  const messages = (json as { body?: { messages?: { '@type'?: string; delegator_address?: string; value?: { denom: string; amount: string } }[] } }).body?.messages ?? [];
  if (messages.length !== 1) throw new Error(`${path}: each genesis transaction must provide a single genesis message`);
  const m = messages[0]!;
  if (m['@type'] !== codec.typeUrl('sdk.staking.v1beta1.MsgCreateValidator')) {
    throw new Error(`${path}: the genesis message is not a MsgCreateValidator: ${m['@type']}`);
  }
  const delegator = m.delegator_address ?? '';
  const balance = genesisBalanceOf(genesis, delegator);
  if (!balance) throw new Error(`account ${delegator} balance not in genesis state: ${path}`);
  const value = m.value ?? { denom: '', amount: '0' };
  const held = BigInt(balance.coins.find((c) => c.denom === value.denom)?.amount ?? '0');
  if (held < BigInt(value.amount)) throw new Error(`insufficient fund for delegation ${value.amount}${value.denom}: ${held}${value.denom} < ${value.amount}${value.denom}`);
  return tx;
}

export function collectGentxsCommand(ctx: CliContext): Command {
  const cmd = new Command('collect-gentxs')
    .summary('Collect genesis txs and output a genesis.json file')
    .description('Collect genesis txs and output a genesis.json file')
    .option('--gentx-dir <dir>', 'override default "gentx" directory from which collect and execute genesis transactions; default [--home]/config/gentx/');
  withHome(cmd);
  withGlobalFlags(cmd);
  return cmd.action(async (opts: { gentxDir?: string }, command: Command) => {
    const home = homeOf(command);
    const config = readConsensusConfig(home);
    const layout = homeLayout(home, config);
    if (!existsSync(layout.genesisFile)) throw new Error(`failed to read genesis doc from file: open ${layout.genesisFile}: no such file or directory`);
    const genesis = readGenesisJson(layout.genesisFile);
    const dir = opts.gentxDir ?? join(layout.configDir, 'gentx');
    if (!existsSync(dir)) throw new Error(`failed to get genesis app state from config: open ${dir}: no such file or directory`);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
    const genTxs = files.map((f) => {
      const path = join(dir, f);
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(path, 'utf8'));
      } catch (e) {
        throw new Error(`failed to read GenTx '${path}': ${(e as Error).message}`);
      }
      gentxValue(path, json, genesis);
      return json;
    });
    const appState = { ...((genesis.app_state as Record<string, unknown>) ?? {}), genutil: { gen_txs: genTxs } };
    const next: GenesisJson = { ...genesis, app_state: appState, validators: [] };
    writeGenesisJson(layout.genesisFile, next);
    const nodeId = loadOrCreateNodeKey(layout.nodeKeyFile).id;
    // the SDK's `displayInfo`, as `init` prints it (sorted, compact)
    ctx.out.stderr(sortedJson({ moniker: tomlString(config, 'moniker'), chain_id: String(genesis.chain_id ?? ''), node_id: nodeId, gentxs_dir: dir, app_message: appState }) + '\n');
  });
}
