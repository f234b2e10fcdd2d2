/**
 * `chaind tx pot report --reporter-addr --epoch --reference --wallet-volumes --bls-keys`: a volume
 * report whose `txData` is computed here (Keccak of the cleared message, reference §3.3 step 4)
 * and signed with the given BLS12-381 secret keys (one per signing meta node), so no hand-made BLS
 * JSON is needed. The real network signs over another pairing curve (docs/quirks.md PC3).
 */
import { Command } from 'commander';
import { hexToBytes } from '@noble/hashes/utils.js';
import { bls12381Sign } from '../../../modules/pot/bls.ts';
import { volumeReportTxData } from '../../../modules/pot/tx-data.ts';
import type { CliContext } from '../../chaind.ts';
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

function blsKeysArg(text: string | undefined): Uint8Array[] {
  const parts = (text ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) throw new Error('--bls-keys is required: comma-separated 32-byte hex BLS12-381 secret keys of the signing meta nodes');
  return parts.map((h) => {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(h)) throw new Error(`invalid BLS secret key ${JSON.stringify(h)}: expected 64 hex digits`);
    return hexToBytes(h.replace(/^0x/, ''));
  });
}

export function reportCommand(ctx: CliContext): Command {
  const cmd = new Command('report')
    .description('Submit a volume report signed by meta nodes (BLS12-381)')
    .option('--reporter-addr <address>', 'reporting meta node (stsds1…)', '')
    .option('--epoch <epoch>', 'report epoch', '')
    .option('--reference <text>', 'report reference', '')
    .option('--wallet-volumes <json>', 'JSON list of {wallet_address, volume}')
    .option('--bls-keys <hex,…>', 'BLS12-381 secret keys of the signing meta nodes');
  type O = { reporterAddr: string; epoch: string; reference: string; walletVolumes?: string; blsKeys?: string };
  return potTxAction<O>(ctx, cmd, (from, o) => {
    if (!/^[0-9]+$/.test(o.epoch)) throw new Error(`invalid --epoch ${JSON.stringify(o.epoch)}: expected a positive integer`);
    const body = { wallet_volumes: volumesArg(o.walletVolumes), reporter: o.reporterAddr, epoch: o.epoch, report_reference: o.reference, reporter_owner: from };
    const txData = volumeReportTxData(body);
    const { pubKeys, signature } = bls12381Sign(blsKeysArg(o.blsKeys), txData);
    return { typeName: `${POT}.MsgVolumeReport`, value: { ...body, BLS_signature: { pub_keys: pubKeys, signature, txData } } };
  });
}
