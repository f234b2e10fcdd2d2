/**
 * `chaind tx pot report --epoch --reference --wallet-volumes [--reporter-addr] [--signers]`: a
 * volume report whose `txData` is computed here (Keccak of the cleared message, reference §3.3
 * step 4) and signed with BLS12-381 by the meta nodes whose owner keys are in the home
 * (meta-node-signers.ts; docs/pot.md), so one command does it all. Two explicit alternatives:
 * `--bls-keys` (raw BLS12-381 secret keys) and the real chain's `--bls-signature '<JSON>'`.
 * The real network signs over another pairing curve (docs/quirks.md PC3).
 */
import { Command } from 'commander';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { parseJsonGoErrors } from '../../../codec/go-json-reader.ts';
import { bls12381Sign } from '../../../modules/pot/bls.ts';
import type { BLSSignatureInfo } from '../../../modules/pot/msg-types.ts';
import { volumeReportTxData } from '../../../modules/pot/tx-data.ts';
import type { CliContext } from '../../context.ts';
import type { TxContext } from '../context.ts';
import { metaNodeSigners, metaNodesOwnedBy } from './meta-node-signers.ts';
import { POT, potTxAction } from './run.ts';

function volumesArg(text: string | undefined): { wallet_address: string; volume: string }[] {
  try {
    const v = JSON.parse(text ?? '') as unknown;
    if (Array.isArray(v)) {
      return v.map((x: { wallet_address?: unknown; volume?: unknown }) => {
        if (typeof x.wallet_address !== 'string' || !/^-?[0-9]+$/.test(String(x.volume))) throw new Error('bad entry');
        return { wallet_address: x.wallet_address, volume: String(x.volume) };
      });
    }
  } catch {
    // fall through
  }
  throw new Error(`invalid --wallet-volumes ${JSON.stringify(text ?? '')}: expected JSON [{"wallet_address":"st1…","volume":"123"}]`);
}

function listArg(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

function blsKeysArg(text: string): Uint8Array[] {
  const parts = listArg(text);
  if (parts.length === 0) throw new Error('--bls-keys is empty: expected comma-separated 32-byte hex BLS12-381 secret keys of the signing meta nodes');
  return parts.map((h) => {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(h)) throw new Error(`invalid BLS secret key ${JSON.stringify(h)}: expected 64 hex digits`);
    return hexToBytes(h.replace(/^0x/, ''));
  });
}

/**
 * The real chain's `--bls-signature '{"pub_keys":[…],"signature":"…","tx_data":"…"}'`. [QUIRK] As
 * there (reference §3.10), the bytes are the raw UTF-8 bytes of the strings, neither hex nor
 * base64; a `tx_data` written that way almost never equals the Keccak digest the chain checks.
 */
function blsSignatureArg(text: string): BLSSignatureInfo {
  let v: { pub_keys?: unknown; signature?: unknown; tx_data?: unknown; txData?: unknown };
  try {
    v = parseJsonGoErrors(text) as typeof v;
  } catch (e) {
    throw new Error(`invalid --bls-signature ${JSON.stringify(text)}: ${(e as Error).message} (expected JSON {"pub_keys":["…"],"signature":"…","tx_data":"…"})`);
  }
  const txData = v !== null && typeof v === 'object' ? (v.tx_data ?? v.txData ?? '') : undefined;
  if (v === null || typeof v !== 'object' || !Array.isArray(v.pub_keys) || !v.pub_keys.every((k) => typeof k === 'string') || typeof (v.signature ?? '') !== 'string' || typeof txData !== 'string') {
    throw new Error(`invalid --bls-signature ${JSON.stringify(text)}: expected JSON {"pub_keys":["…"],"signature":"…","tx_data":"…"} with string values`);
  }
  return { pub_keys: (v.pub_keys as string[]).map((k) => utf8ToBytes(k)), signature: utf8ToBytes((v.signature as string | undefined) ?? ''), txData: utf8ToBytes(txData) };
}

/** `--reporter-addr`, else the one meta node the signer owns. */
async function reporterOf(tc: TxContext, from: string, given: string): Promise<string> {
  if (given !== '') return given;
  const owned = await metaNodesOwnedBy(tc, from);
  if (owned.length === 1) return owned[0]!.networkAddress;
  throw new Error(
    owned.length === 0
      ? `--reporter-addr is required: ${from} (--from) owns no meta node to report as`
      : `--reporter-addr is required: ${from} (--from) owns ${owned.length} meta nodes (${owned.map((m) => m.networkAddress).join(', ')}); name the reporting one`,
  );
}

const HELP = `
Signing (docs/pot.md):
  By default the report is signed by every meta node on chain that is bonded, not suspended, and
  whose owner has a local key in the keyring of --home (--keyring-backend as for other tx commands).
  Each meta node's BLS12-381 secret key is derived from its owner's private key and its network
  address (IETF BLS KeyGen, HKDF-SHA256, salt "chaind meta-node bls", key_info = the stsds1… address).
  --signers <key,…> limits the owner keys to those names. With fewer signers than the chain's
  threshold max(1, floor(2 × bonded meta nodes / 3)) the command fails before broadcasting.

  --bls-keys <hex,…>     sign with these BLS12-381 secret keys instead
  --bls-signature <json> the real chain's form {"pub_keys":[…],"signature":"…","tx_data":"…"},
                         whose strings are used as raw bytes (as on the real chain); its tx_data
                         almost never passes the chain's txData check: prefer the default

  --reporter-addr defaults to the meta node owned by --from when it owns exactly one.

Example:
  chaind tx pot report --epoch 7 --reference ref-7 \\
    --wallet-volumes '[{"wallet_address":"st1…","volume":"100000"}]' --from alice
`;

export function reportCommand(ctx: CliContext): Command {
  const cmd = new Command('report')
    .description('Submit a volume report signed by the meta nodes whose owner keys are in the keyring (BLS12-381)')
    .option('--reporter-addr <address>', 'reporting meta node (stsds1…); default: the one meta node owned by --from', '')
    .option('--epoch <epoch>', 'report epoch', '')
    .option('--reference <text>', 'report reference', '')
    .option('--wallet-volumes <json>', 'JSON list of {wallet_address, volume}')
    .option('--signers <key names>', 'comma-separated owner key names to sign with (default: every local key of the keyring)')
    .option('--bls-keys <hex,…>', 'explicit BLS12-381 secret keys of the signing meta nodes, instead of the keyring')
    .option('--bls-signature <json>', "the real chain's BLS signature JSON (raw string bytes), instead of signing here")
    .addHelpText('after', HELP);
  type O = { reporterAddr: string; epoch: string; reference: string; walletVolumes?: string; signers?: string; blsKeys?: string; blsSignature?: string };
  return potTxAction<O>(ctx, cmd, async (from, o, _args, tc) => {
    const modes = (['signers', 'blsKeys', 'blsSignature'] as const).filter((k) => o[k] !== undefined);
    if (modes.length > 1) throw new Error(`--${modes.map((m) => m.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join(' and --')} cannot be used together: give at most one way to sign`);
    if (!/^[0-9]+$/.test(o.epoch)) throw new Error(`invalid --epoch ${JSON.stringify(o.epoch)}: expected a positive integer`);
    const wallet_volumes = volumesArg(o.walletVolumes);
    const explicitSignature = o.blsKeys !== undefined || o.blsSignature !== undefined;
    if (tc.flags.offline && (o.reporterAddr === '' || !explicitSignature)) {
      throw new Error('--offline: tx pot report asks the node for the meta nodes (reporter and signers); give --reporter-addr and --bls-keys (or --bls-signature) to build the report offline');
    }
    const reporter = await reporterOf(tc, from, o.reporterAddr);
    const body = { wallet_volumes, reporter, epoch: o.epoch, report_reference: o.reference, reporter_owner: from };
    let bls: BLSSignatureInfo;
    if (o.blsSignature !== undefined) {
      bls = blsSignatureArg(o.blsSignature);
    } else {
      const txData = volumeReportTxData(body);
      let keys: Uint8Array[];
      if (o.blsKeys !== undefined) {
        keys = blsKeysArg(o.blsKeys);
      } else {
        const only = o.signers === undefined ? undefined : listArg(o.signers);
        if (only !== undefined && only.length === 0) throw new Error('--signers is empty: expected comma-separated key names');
        keys = (await metaNodeSigners(tc, only)).signers.map((s) => s.blsSecretKey);
      }
      const { pubKeys, signature } = bls12381Sign(keys, txData);
      bls = { pub_keys: pubKeys, signature, txData };
    }
    return { typeName: `${POT}.MsgVolumeReport`, value: { ...body, BLS_signature: bls } };
  });
}
