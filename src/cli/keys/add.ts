/**
 * `keys add <name>`: new key from a fresh 24-word mnemonic, `--recover` from a mnemonic on stdin,
 * `--pubkey` for an offline key. Follows stratos-chain `client/keys/add.go` (default algo
 * eth_secp256k1, coin type 606). All input is read and checked before an existing key is replaced.
 */
import { Command, Option } from 'commander';
import { derivePrivateKey, hdPath as buildHdPath, parseHdPath } from '../../crypto/hd.ts';
import type { Keyring } from '../../crypto/keyring/keyring.ts';
import { assertSupportedAlgo, Keyring as KeyringClass, SUPPORTED_ALGOS } from '../../crypto/keyring/keyring.ts';
import { memoryStore } from '../../crypto/keyring/memory-store.ts';
import type { KeyRecord } from '../../crypto/keyring/record.ts';
import type { PrivKey, PubKey } from '../../crypto/keys.ts';
import { makePrivKey, pubKeyAddress, pubKeyOf } from '../../crypto/keys.ts';
import { accAddress } from '../../crypto/address.ts';
import { assertValidMnemonic, generateMnemonic, normalizeMnemonic } from '../../crypto/mnemonic.ts';
import { pubKeyFromProtoJson } from '../../crypto/pubkey-json.ts';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring, parseUint32 } from './context.ts';
import { keyOutput, printKeyOutput } from './key-output.ts';

interface AddOptions {
  recover?: boolean;
  interactive?: boolean;
  account: number;
  index: number;
  coinType: number;
  hdPath?: string;
  keyType?: string;
  algo?: string;
  backup: boolean;
  dryRun?: boolean;
  multisig?: string;
  pubkey?: string;
  ledger?: boolean;
}

const IMPORTANT =
  '\n**Important** write this mnemonic phrase in a safe place.\n' +
  'It is the only way to recover your account if you ever forget your password.\n\n';

export function addCommand(ctx: CliContext): Command {
  return new Command('add')
    .description('Add an encrypted private key (either newly generated or recovered), encrypt it, and save to <name> file')
    .argument('<name>', 'name of the new key')
    .option('--recover', 'Provide seed phrase to recover existing key instead of creating')
    .option('-i, --interactive', 'Interactively prompt user for BIP39 passphrase and mnemonic')
    .option('--account <number>', 'Account number for HD derivation', parseUint32, 0)
    .option('--index <number>', 'Address index number for HD derivation', parseUint32, 0)
    .option('--coin-type <number>', 'coin type number for HD derivation', parseUint32, 606)
    .option('--hd-path <path>', 'Manual HD Path derivation (overrides BIP44 config)')
    .option('--key-type <algo>', `Key signing algorithm to generate keys for (${SUPPORTED_ALGOS.join('|')}) (default "eth_secp256k1")`)
    .addOption(new Option('--algo <algo>', 'old name of --key-type').hideHelp())
    .option('--no-backup', "Don't print out seed phrase (if others are watching the terminal)")
    .option('--dry-run', "Perform action, but don't add key to local keystore")
    .option('--pubkey <json>', 'Parse a public key in JSON format and saves key info to <name> file.')
    .option('--multisig <names>', 'List of key names stored in keyring to construct a public legacy multisig key (not supported)')
    .option('--multisig-threshold <k>', 'K out of N required signatures (not supported)')
    .option('--nosort', 'Keys passed to --multisig are taken in the order they are supplied (not supported)')
    .option('--ledger', 'Store a local reference to a private key on a Ledger device (not supported)')
    .action(async (name: string, opts: AddOptions, cmd: Command) => {
      const flags = keysFlags(cmd);
      const algo = opts.keyType ?? opts.algo ?? 'eth_secp256k1';
      assertSupportedAlgo(algo);
      if (opts.ledger) throw new Error('Ledger devices are not supported by chaind; add a local key (mnemonic) or an offline key (--pubkey)');
      if (opts.multisig !== undefined) {
        throw new Error('multisig keys are not supported by chaind (it has no legacy amino multisig public keys); add the member keys one by one');
      }

      const keyring: Keyring = opts.dryRun ? new KeyringClass(memoryStore()) : openCliKeyring(ctx, flags);
      // SDK order: the override question comes first, before the mnemonic
      const replacing = !opts.dryRun && (await keyring.findKey(name)) !== undefined;
      if (replacing) {
        const answer = await ctx.prompt.confirm(`override the existing name ${name}`);
        if (answer !== true) throw new Error(`aborted: a key named ${name} already exists and was not overwritten`);
      }

      if (opts.pubkey !== undefined) {
        const pubKey = pubKeyFromProtoJson(opts.pubkey, ctx.naming);
        const record = await replaceOrSave(keyring, name, replacing, pubKey, (kr) => kr.saveOfflineKey(name, pubKey));
        return printCreated(ctx, flags.output, record, '');
      }

      const path = opts.hdPath !== undefined ? parseHdPath(opts.hdPath) : buildHdPath(opts.account, opts.index, opts.coinType);
      let mnemonic = '';
      if (opts.recover) {
        const line = await ctx.prompt.readLine('Enter your bip39 mnemonic');
        if (line === undefined) throw new Error('no mnemonic given: stdin ended before the bip39 mnemonic');
        assertValidMnemonic(line);
        mnemonic = normalizeMnemonic(line);
      } else if (opts.interactive) {
        const line = (await ctx.prompt.readLine('Enter your bip39 mnemonic, or hit enter to generate one.')) ?? '';
        if (line !== '') assertValidMnemonic(line);
        mnemonic = normalizeMnemonic(line);
      }
      if (mnemonic === '') mnemonic = generateMnemonic();

      let bip39Passphrase = '';
      if (opts.interactive) {
        bip39Passphrase =
          (await ctx.prompt.readLine(
            'Enter your bip39 passphrase. This is combined with the mnemonic to derive the seed. Most users should just hit enter to use the default, ""',
          )) ?? '';
        if (bip39Passphrase !== '' && (await ctx.prompt.readLine('Repeat the passphrase:')) !== bip39Passphrase) {
          throw new Error("passphrases don't match");
        }
      }

      const priv: PrivKey = makePrivKey(algo, derivePrivateKey(mnemonic, path, bip39Passphrase));
      const record = await replaceOrSave(keyring, name, replacing, pubKeyOf(priv), (kr) => kr.saveLocalKey(name, priv, path));
      const showMnemonic = opts.backup && !opts.recover;
      return printCreated(ctx, flags.output, record, showMnemonic ? mnemonic : '');
    });
}

/**
 * Refuses a key whose address another name already holds, then deletes the old record (when
 * replacing) and saves: the keyring changes only when the save will succeed.
 */
async function replaceOrSave(
  keyring: Keyring,
  name: string,
  replacing: boolean,
  pubKey: PubKey,
  save: (kr: Keyring) => Promise<KeyRecord>,
): Promise<KeyRecord> {
  const address = pubKeyAddress(pubKey);
  const holder = await keyring.findKeyByAddress(address);
  if (holder && holder.name !== name) {
    throw new Error(`duplicated address created: key "${holder.name}" already has address ${accAddress(address)}`);
  }
  if (replacing) await keyring.delete(name);
  return save(keyring);
}

function printCreated(ctx: CliContext, format: 'text' | 'json', record: KeyRecord, mnemonic: string): void {
  if (format === 'json') {
    printKeyOutput(ctx.out, keyOutput(record, ctx.naming, 'acc', mnemonic), 'json');
    return;
  }
  // SDK printCreate: an empty line on stderr, the record on stdout, the mnemonic block on stderr
  ctx.out.stderr('\n');
  printKeyOutput(ctx.out, keyOutput(record, ctx.naming), 'text');
  if (mnemonic !== '') ctx.out.stderr(`${IMPORTANT}${mnemonic}\n`);
}

