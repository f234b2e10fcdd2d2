/**
 * What a tx command works with besides its flags (SDK `client.Context` for txs): the client.toml
 * defaults, the consensus RPC client, the keyring and the chain id, each resolved only when a
 * command needs it, so that `--generate-only` with an address and `--offline` never touch what
 * they do not use.
 */
import type { Command } from 'commander';
import { createCodec, type Codec } from '../../codec/registry.ts';
import { accAddress, addressFromBech32, Hrp, sdkAddressProblem } from '../../crypto/address.ts';
import type { PubKey } from '../../crypto/keys.ts';
import type { Keyring } from '../../crypto/keyring/keyring.ts';
import { openKeyring } from '../../crypto/keyring/open.ts';
import { recordAddress } from '../../crypto/keyring/record.ts';
import { type ClientConfig, readClientConfig } from '../../client/client-config.ts';
import { RpcClient } from '../../client/rpc-client.ts';
import type { CliContext } from '../context.ts';
import { DEFAULT_NODE, readTxFlags, type TxFlags } from './flags.ts';

/** The signer named by `--from` (or the first argument of `bank send`). */
export interface FromAccount {
  readonly address: string;
  /** the keyring record name; absent for a bare address (generate-only, dry-run) */
  readonly keyName?: string;
  readonly pubKey?: PubKey;
}

export class TxContext {
  readonly config: ClientConfig;
  readonly codec: Codec;
  private rpc: RpcClient | undefined;
  private ring: Keyring | undefined;
  private chain: string | undefined;

  constructor(
    readonly cli: CliContext,
    readonly flags: TxFlags,
  ) {
    this.config = readClientConfig(flags.home);
    this.codec = createCodec(cli.naming);
  }

  static of(cli: CliContext, cmd: Command): TxContext {
    return new TxContext(cli, readTxFlags(cmd));
  }

  get nodeUri(): string {
    return this.flags.node ?? this.config.node ?? DEFAULT_NODE;
  }

  /** The node's RPC client; with `--offline` there is none (SDK `GetNode`'s message), so nothing contacts a node. */
  get client(): RpcClient {
    if (this.flags.offline) throw new Error('no RPC client is defined in offline mode');
    this.rpc ??= new RpcClient(this.nodeUri);
    return this.rpc;
  }

  get keyring(): Keyring {
    this.ring ??= openKeyring({ backend: this.flags.keyringBackend ?? this.config.keyringBackend ?? 'os', dir: this.flags.keyringDir, prompt: this.cli.prompt });
    return this.ring;
  }

  get broadcastMode(): string {
    return this.flags.broadcastMode ?? this.config.broadcastMode ?? 'sync';
  }

  /** `--chain-id`, else client.toml; `undefined` when neither says (see `chainId`). */
  get configuredChainId(): string | undefined {
    return this.flags.chainId ?? this.config.chainId;
  }

  /**
   * The chain id to sign for: `--chain-id`, client.toml, or (online) the node's `status` network.
   * Throws the SDK's `chain ID required but not specified` when none is known.
   */
  async chainId(): Promise<string> {
    if (this.chain !== undefined) return this.chain;
    let id = this.configuredChainId;
    if (id === undefined && !this.flags.offline) id = (await this.client.status()).node_info.network || undefined;
    if (id === undefined) throw new Error('chain ID required but not specified (give --chain-id or set chain-id in client.toml)');
    this.chain = id;
    return id;
  }

  /**
   * SDK `GetFromFields`: a bech32 address or a key name. In simulation (`--dry-run`) it must be an
   * address; with `--generate-only` an address needs no key; otherwise the key must be in the
   * keyring (found by name, or by address).
   */
  async resolveFrom(from: string): Promise<FromAccount> {
    if (from === '') throw new Error('--from is required: the name or address of the key to sign with');
    let addressBytes: Uint8Array | undefined;
    let addressError: unknown;
    try {
      addressBytes = addressFromBech32(from);
    } catch (err) {
      addressError = err;
    }
    if (this.flags.dryRun) {
      // errorsmod.Wrap(AccAddressFromBech32's error, …)
      if (!addressBytes) throw new Error(`a valid bech32 address must be provided in simulation mode: ${sdkAddressProblem(from, Hrp.account) ?? (addressError as Error).message}`);
      return { address: accAddress(addressBytes), pubKey: await this.knownPubKey(addressBytes) };
    }
    if (addressBytes && this.flags.generateOnly) return { address: accAddress(addressBytes) };
    if (addressBytes) {
      try {
        const record = await this.keyring.keyByAddress(addressBytes);
        return { address: accAddress(addressBytes), keyName: record.name, pubKey: record.pubKey };
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new Error(`${why} (an address without its key in the keyring can only be used with --generate-only or --dry-run)`);
      }
    }
    const record = await this.keyring.key(from);
    return { address: accAddress(recordAddress(record)), keyName: record.name, pubKey: record.pubKey };
  }

  /**
   * The public key of an address when its key happens to be in the keyring (simulation only, for a
   * gas estimate with the right signature cost); the `file` backend is not opened, as it would ask
   * for its passphrase.
   */
  private async knownPubKey(address: Uint8Array): Promise<PubKey | undefined> {
    if ((this.flags.keyringBackend ?? this.config.keyringBackend ?? 'os') === 'file') return undefined;
    try {
      return (await this.keyring.findKeyByAddress(address))?.pubKey;
    } catch {
      return undefined;
    }
  }
}
