/**
 * SDK `keyring.KeyOutput`: name, type, address, pubkey (proto-JSON of the key as a string), and the
 * mnemonic once, on creation. `--bech acc|val|cons` picks the address prefix (MkAccKeyOutput, …).
 */
import { Hrp } from '../../crypto/address.ts';
import { toBech32 } from '../../crypto/bech32.ts';
import type { KeyRecord } from '../../crypto/keyring/record.ts';
import { recordAddress } from '../../crypto/keyring/record.ts';
import { pubKeyToProtoJson } from '../../crypto/pubkey-json.ts';
import type { NamingProfile } from '../../naming.ts';
import type { Output, OutputFormat } from '../output.ts';
import { printValue, toJson } from '../output.ts';

export type BechKind = 'acc' | 'val' | 'cons';
const BECH_HRP: Readonly<Record<BechKind, string>> = { acc: Hrp.account, val: Hrp.validator, cons: Hrp.consensus };

export function isBechKind(value: string): value is BechKind {
  return value === 'acc' || value === 'val' || value === 'cons';
}

export interface KeyOutput {
  readonly name: string;
  readonly type: string;
  readonly address: string;
  readonly pubkey: string;
  readonly mnemonic: string;
}

export function keyOutput(record: KeyRecord, profile: NamingProfile, bech: BechKind = 'acc', mnemonic = ''): KeyOutput {
  return {
    name: record.name,
    type: record.type,
    address: toBech32(BECH_HRP[bech], recordAddress(record)),
    pubkey: pubKeyToProtoJson(record.pubKey, profile),
    mnemonic,
  };
}

/** JSON drops an empty mnemonic (`json:"mnemonic,omitempty"`); YAML always has it (`yaml:"mnemonic"`). */
function jsonShape(ko: KeyOutput): Omit<KeyOutput, 'mnemonic'> & { mnemonic?: string } {
  const { mnemonic, ...rest } = ko;
  return mnemonic === '' ? rest : { ...rest, mnemonic };
}

/** One key: a one-element YAML list in text (SDK `printTextRecords`), an object in JSON. */
export function printKeyOutput(out: Output, ko: KeyOutput, format: OutputFormat): void {
  if (format === 'json') out.stdout(toJson(jsonShape(ko)) + '\n');
  else printValue(out, [ko], 'text');
}

export function printKeyOutputs(out: Output, kos: readonly KeyOutput[], format: OutputFormat): void {
  printValue(out, format === 'json' ? kos.map(jsonShape) : kos, format);
}
