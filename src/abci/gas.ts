/**
 * Gas metering with the Cosmos SDK's KV cost schedule (store/types/gas.go, `KVGasConfig`) and
 * out-of-gas semantics (code 11). Handlers charge what their store accesses would cost on the
 * real chain; values are sized by their proto encoding.
 */
import { SdkErrors, type ChainError } from '../errors.ts';

export const KV_GAS = Object.freeze({
  hasCost: 1000,
  deleteCost: 1000,
  readCostFlat: 1000,
  readCostPerByte: 3,
  writeCostFlat: 2000,
  writeCostPerByte: 30,
  iterNextCostFlat: 30,
});

/** Flat signature verification cost of an ethsecp256k1 key (reference/wire-formats.md §1.3). */
export const ETH_SECP256K1_VERIFY_COST = 21000;

export class GasMeter {
  private used = 0;
  constructor(readonly limit: number) {}

  get consumed(): number {
    return this.used;
  }

  consume(amount: number, descriptor: string): void {
    this.used += amount;
    if (this.used > this.limit) throw outOfGas(descriptor, this.limit, this.used);
  }

  read(keyLen: number, valueLen: number): void {
    this.consume(KV_GAS.readCostFlat, 'ReadFlat');
    this.consume(KV_GAS.readCostPerByte * (keyLen + valueLen), 'ReadPerByte');
  }

  write(keyLen: number, valueLen: number): void {
    this.consume(KV_GAS.writeCostFlat, 'WriteFlat');
    this.consume(KV_GAS.writeCostPerByte * (keyLen + valueLen), 'WritePerByte');
  }

  has(): void {
    this.consume(KV_GAS.hasCost, 'Has');
  }

  delete(): void {
    this.consume(KV_GAS.deleteCost, 'Delete');
  }

  iterate(steps: number): void {
    this.consume(KV_GAS.iterNextCostFlat * steps, 'IterNextFlat');
  }
}

/** A meter that only counts, for begin/end block and genesis (the SDK uses an infinite meter there). */
export function infiniteGasMeter(): GasMeter {
  return new GasMeter(Number.MAX_SAFE_INTEGER);
}

function outOfGas(descriptor: string, wanted: number, used: number): ChainError {
  return SdkErrors.OutOfGas.wrap(`out of gas in location: ${descriptor}; gasWanted: ${wanted}, gasUsed: ${used}`);
}
