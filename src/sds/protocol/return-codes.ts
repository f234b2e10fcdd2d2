/**
 * The `return` field of every resource-node RPC result (reference/storage-network.md §1.2): always
 * a string; negative values are errors. `"-2"` is not used.
 */
export const ReturnCode = {
  SUCCESS: '0',
  UPLOAD_DATA: '1',
  DOWNLOAD_OK: '2',
  DL_OK_ASK_INFO: '3',
  SHARED_DL_START: '4',
  GENERIC_ERR: '-1',
  SIGNATURE_FAILURE: '-3',
  WRONG_FILE_SIZE: '-4',
  TIME_OUT: '-5',
  FILE_REQ_FAILURE: '-6',
  WRONG_INPUT: '-7',
  WRONG_PP_ADDRESS: '-8',
  INTERNAL_DATA_FAILURE: '-9',
  INTERNAL_COMM_FAILURE: '-10',
  WRONG_FILE_INFO: '-11',
  WRONG_WALLET_ADDRESS: '-12',
  CONFLICT_WITH_ANOTHER_SESSION: '-13',
  SESSION_STOPPED: '-14',
} as const;

export type ReturnCodeValue = (typeof ReturnCode)[keyof typeof ReturnCode];

const VALUES: ReadonlySet<string> = new Set(Object.values(ReturnCode));

/** True for exactly one of the codes above (`"-3, wrong wallet pubkey"` is not: clients treat it as an error). */
export function isReturnCode(text: unknown): text is ReturnCodeValue {
  return typeof text === 'string' && VALUES.has(text);
}

/** `file_upload_state` of `user_getFileStatus`, an integer (sds-msg `sds_comm.proto`). */
export const FileUploadState = { UNKNOWN: 0, UPLOADING: 1, FAILED: 2, FINISHED: 3, CONFIRMING: 4 } as const;

export type FileUploadStateValue = (typeof FileUploadState)[keyof typeof FileUploadState];
