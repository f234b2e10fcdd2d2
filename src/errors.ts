/**
 * The one error type of the chain. Handlers, the ante chain and codecs fail by throwing a
 * ChainError; adapters map it to an ABCI result (code, codespace, log), an HTTP status or an
 * exit code. Codes and texts of the framework codespace follow the Cosmos SDK `types/errors`
 * registry (reference/wire-formats.md §2.7); module codespaces register their own.
 */
export class ChainError extends Error {
  constructor(
    readonly codespace: string,
    readonly code: number,
    /** the full log text, e.g. `insufficient funds: 5wei is smaller than 10wei` */
    message: string,
  ) {
    super(message);
    this.name = 'ChainError';
  }

  /** `Wrap(ErrX, inner)`: keeps the code and codespace of ErrX, log `<inner>: <ErrX text>`. */
  wrap(inner: string): ChainError {
    return new ChainError(this.codespace, this.code, `${inner}: ${this.message}`);
  }
}

/** A registered sentinel: `ErrX.wrap('detail')` or `ErrX.error()`. */
export class ErrorKind {
  constructor(
    readonly codespace: string,
    readonly code: number,
    readonly text: string,
  ) {}
  error(): ChainError {
    return new ChainError(this.codespace, this.code, this.text);
  }
  /** `sdkerrors.Wrap(kind, detail)` → log `detail: text`. */
  wrap(detail: string): ChainError {
    return new ChainError(this.codespace, this.code, `${detail}: ${this.text}`);
  }
  is(err: unknown): err is ChainError {
    return err instanceof ChainError && err.codespace === this.codespace && err.code === this.code;
  }
}

export const SDK_CODESPACE = 'sdk';
/** The codespace the SDK gives plain (unregistered) errors and recovered panics. */
export const UNDEFINED_CODESPACE = 'undefined';

const sdk = (code: number, text: string) => new ErrorKind(SDK_CODESPACE, code, text);

/** Framework errors with the Cosmos SDK numbers (types/errors/errors.go). */
export const SdkErrors = {
  TxDecode: sdk(2, 'tx parse error'),
  InvalidSequence: sdk(3, 'invalid sequence'),
  Unauthorized: sdk(4, 'unauthorized'),
  InsufficientFunds: sdk(5, 'insufficient funds'),
  UnknownRequest: sdk(6, 'unknown request'),
  InvalidAddress: sdk(7, 'invalid address'),
  InvalidPubKey: sdk(8, 'invalid pubkey'),
  UnknownAddress: sdk(9, 'unknown address'),
  InvalidCoins: sdk(10, 'invalid coins'),
  OutOfGas: sdk(11, 'out of gas'),
  MemoTooLarge: sdk(12, 'memo too large'),
  InsufficientFee: sdk(13, 'insufficient fee'),
  TooManySignatures: sdk(14, 'maximum number of signatures exceeded'),
  NoSignatures: sdk(15, 'no signatures supplied'),
  JSONMarshal: sdk(16, 'failed to marshal JSON bytes'),
  JSONUnmarshal: sdk(17, 'failed to unmarshal JSON bytes'),
  InvalidRequest: sdk(18, 'invalid request'),
  TxInMempoolCache: sdk(19, 'tx already in mempool'),
  MempoolIsFull: sdk(20, 'mempool is full'),
  TxTooLarge: sdk(21, 'tx too large'),
  KeyNotFound: sdk(22, 'key not found'),
  WrongPassword: sdk(23, 'invalid account password'),
  InvalidSigner: sdk(24, 'tx intended signer does not match the given signer'),
  InvalidGasAdjustment: sdk(25, 'invalid gas adjustment'),
  InvalidHeight: sdk(26, 'invalid height'),
  InvalidVersion: sdk(27, 'invalid version'),
  InvalidChainID: sdk(28, 'invalid chain-id'),
  InvalidType: sdk(29, 'invalid type'),
  TxTimeoutHeight: sdk(30, 'tx timeout height'),
  UnknownExtensionOptions: sdk(31, 'unknown extension options'),
  WrongSequence: sdk(32, 'incorrect account sequence'),
  PackAny: sdk(33, 'failed packing protobuf message to Any'),
  UnpackAny: sdk(34, 'failed unpacking protobuf message from Any'),
  Logic: sdk(35, 'internal logic error'),
  Conflict: sdk(36, 'conflict'),
  NotSupported: sdk(37, 'feature not supported'),
  NotFound: sdk(38, 'not found'),
  IO: sdk(39, 'Internal IO error'),
  AppConfig: sdk(40, 'error in app.toml'),
  InvalidGasLimit: sdk(41, 'invalid gas limit'),
  Panic: new ErrorKind(UNDEFINED_CODESPACE, 111222, 'panic'),
} as const;

/**
 * Whether a failure passes a module handler's own wrapping of its keeper's errors unchanged: out of
 * gas, which the SDK's gas meter raises as a panic that only baseapp's runTx recovers (ErrOutOfGas,
 * never a module's code), and the recovered panics and plain errors of codespace `undefined`.
 */
export function passesModuleWrapping(e: unknown): boolean {
  return e instanceof ChainError && (e.codespace === UNDEFINED_CODESPACE || SdkErrors.OutOfGas.is(e));
}

/** A plain Go error surfacing through the SDK: codespace `undefined`, code 1 (chain-semantics §0.5). */
export function plainError(message: string): ChainError {
  return new ChainError(UNDEFINED_CODESPACE, 1, message);
}

/** gRPC status codes used by query services (google.golang.org/grpc/codes). */
export const GrpcCode = {
  OK: 0,
  Unknown: 2,
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  FailedPrecondition: 9,
  OutOfRange: 11,
  Unimplemented: 12,
  Internal: 13,
  Unauthenticated: 16,
} as const;

/**
 * A failed query, as a gRPC status. Adapters map it: ABCI query code (NotFound → 22, InvalidArgument
 * → 18, …; reference/wire-formats.md §4.3), REST `{code, message, details}` with the HTTP status of §4.6.
 */
export class QueryError extends Error {
  constructor(
    readonly grpcCode: number,
    message: string,
    /**
     * a plain Go error, no gRPC status (a bech32 decoding failure): gRPC and REST see Unknown, the
     * ABCI query path ErrInvalidRequest (baseapp's gRPCErrorToSDKError; reference/sdk-modules.md §1.3)
     */
    readonly plain = false,
    /**
     * the Go error's `Error()` when it is not the status text: a registered SDK error (see `sdk`),
     * which the ABCI query path shows as baseapp's gRPCErrorToSDKError wraps `err.Error()`
     */
    readonly goText?: string,
  ) {
    super(message);
    this.name = 'QueryError';
  }
  /**
   * A registered SDK error returned by a query handler (`ErrX` or `errors.Wrap(ErrX, wrap)`,
   * cosmossdk.io/errors v1.0.1): its `GRPCStatus()` is Unknown `codespace <cs> code <n>: <text>[: <wrap>]`
   * (gRPC and REST), its `Error()` `[<wrap>: ]<text>` (the ABCI query log, before `: unknown request`).
   */
  static sdk(kind: ErrorKind, wrap?: string): QueryError {
    const head = `codespace ${kind.codespace} code ${kind.code}: ${kind.text}`;
    return wrap === undefined
      ? new QueryError(GrpcCode.Unknown, head, false, kind.text)
      : new QueryError(GrpcCode.Unknown, `${head}: ${wrap}`, false, `${wrap}: ${kind.text}`);
  }
  /** A plain Go error returned by a query handler (see `plain`). */
  static plainError(message: string): QueryError {
    return new QueryError(GrpcCode.Unknown, message, true);
  }
  static notFound(message: string): QueryError {
    return new QueryError(GrpcCode.NotFound, message);
  }
  static invalidArgument(message: string): QueryError {
    return new QueryError(GrpcCode.InvalidArgument, message);
  }
}
