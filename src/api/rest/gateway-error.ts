/**
 * Errors as the SDK's REST server answers them: grpc-gateway v1.16 `DefaultHTTPProtoErrorHandler`
 * writes the gRPC status as `{"code","message","details":[]}` with the HTTP status of
 * `HTTPStatusFromCode` (reference/wire-formats.md §4.6, reference/sdk-modules.md §1.3).
 */
import { ChainError, QueryError, SdkErrors, SDK_CODESPACE } from '../../errors.ts';
import { BodyTooLargeError } from '../http.ts';
import { GoParseError } from '../../codec/go-parse.ts';
import { goJson } from '../../codec/go-json.ts';
import type { QueryResponse } from '../../abci/app.ts';

/** google.golang.org/grpc/codes, by the names the SDK prints in `rpc error: code = <Name>`. */
export const GRPC_CODES = {
  OK: 0,
  Canceled: 1,
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Aborted: 10,
  OutOfRange: 11,
  Unimplemented: 12,
  Internal: 13,
  Unavailable: 14,
  DataLoss: 15,
  Unauthenticated: 16,
} as const;

/** grpc-gateway v1.16 `runtime.HTTPStatusFromCode`. */
export function httpStatusFromCode(code: number): number {
  switch (code) {
    case 0:
      return 200;
    case 1:
      return 408;
    case 3:
    case 9:
    case 11:
      return 400;
    case 4:
      return 504;
    case 5:
      return 404;
    case 6:
    case 10:
      return 409;
    case 7:
      return 403;
    case 8:
      return 429;
    case 12:
      return 501;
    case 14:
      return 503;
    case 16:
      return 401;
    default:
      return 500; // Unknown, Internal, DataLoss and codes outside the table
  }
}

/** A gRPC status on its way to the HTTP client. */
export class GatewayError extends Error {
  constructor(
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  get httpStatus(): number {
    return httpStatusFromCode(this.grpcCode);
  }

  /** The body text: gogo jsonpb of `google.rpc.Status` with defaults emitted. */
  body(): string {
    return goJson({ code: this.grpcCode, message: this.message, details: [] });
  }

  static invalidArgument(message: string): GatewayError {
    return new GatewayError(GRPC_CODES.InvalidArgument, message);
  }

  static notFound(message: string): GatewayError {
    return new GatewayError(GRPC_CODES.NotFound, message);
  }

  /** A plain Go error returned by a gRPC handler surfaces as Unknown (HTTP 500). */
  static unknown(message: string): GatewayError {
    return new GatewayError(GRPC_CODES.Unknown, message);
  }

  /**
   * A registered SDK error returned to the gRPC server: its `GRPCStatus()` is Unknown with the text
   * `codespace <cs> code <n>: <description>[: <wrap context>]` (cosmossdk.io/errors; sdk-modules §1.3).
   */
  static sdk(codespace: string, code: number, description: string, context?: string): GatewayError {
    const head = `codespace ${codespace} code ${code}: ${description}`;
    return GatewayError.unknown(context === undefined ? head : `${head}: ${context}`);
  }
}

/** grpc-gateway's answer to a path no route matches, and to a known path with another method. */
export const NOT_IMPLEMENTED = (): GatewayError => new GatewayError(GRPC_CODES.Unimplemented, 'Not Implemented');

const HANDLER_ERROR = /^rpc error: code = (\w+) desc = ([\s\S]*): (key not found|invalid request|unauthorized|unknown request)$/;

const SDK_TEXTS = new Map<number, string>(Object.values(SdkErrors).filter((k) => k.codespace === SDK_CODESPACE).map((k) => [k.code, k.text]));

/** The App's text when a query names no served method (src/abci/app.ts `query`). */
export function isUnknownQueryPath(res: QueryResponse): boolean {
  return res.code === SdkErrors.UnknownRequest.code && res.log.startsWith('unknown query path:');
}

/**
 * A failed `Node.query` answer back to the gRPC status the REST client would have seen. The App
 * logs a handler's status as `rpc error: code = NotFound desc = <text>: key not found` (the ABCI
 * mapping of wire-formats §4.3); the gateway shows `<text>` with the code. Anything else is an SDK
 * error raised before the handler (height checks), which the gRPC server reports as Unknown.
 */
export function gatewayErrorOfQuery(res: QueryResponse): GatewayError {
  if (res.status) return new GatewayError(res.status.code, res.status.message);
  const m = HANDLER_ERROR.exec(res.log);
  if (m) {
    const code = (GRPC_CODES as Record<string, number>)[m[1]!] ?? GRPC_CODES.Unknown;
    return new GatewayError(code, m[2]!);
  }
  if (isUnknownQueryPath(res)) return NOT_IMPLEMENTED();
  return sdkErrorStatus(res.codespace, res.code, res.log);
}

/**
 * An SDK error (codespace, code, `<context>: <description>` log) as the gRPC server reports it;
 * an error of another codespace, whose description is not known here, keeps its log as the text.
 */
function sdkErrorStatus(codespace: string, code: number, log: string): GatewayError {
  const description = codespace === SDK_CODESPACE ? SDK_TEXTS.get(code) : undefined;
  if (description === undefined) return GatewayError.unknown(log);
  if (log === description) return GatewayError.sdk(codespace, code, description);
  if (log.endsWith(`: ${description}`)) return GatewayError.sdk(codespace, code, description, log.slice(0, -description.length - 2));
  return GatewayError.unknown(log);
}

/** Any error of a handler as the gRPC status the gateway prints. */
export function toGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof QueryError) return new GatewayError(err.grpcCode, err.message);
  if (err instanceof GoParseError) return GatewayError.invalidArgument(err.message);
  if (err instanceof BodyTooLargeError) return GatewayError.invalidArgument('http: request body too large');
  if (err instanceof ChainError) return sdkErrorStatus(err.codespace, err.code, err.message);
  return GatewayError.unknown(err instanceof Error ? err.message : String(err));
}
