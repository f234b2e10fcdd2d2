/** The `return` codes (reference/storage-network.md §1.2) and `file_upload_state` (§1.4.2). */
import { describe, expect, it } from 'vitest';
import { FileUploadState, isReturnCode, ReturnCode } from '../../../src/sds/protocol/return-codes.ts';

describe('return codes', () => {
  it('are strings exactly as the reference lists them; -2 is unused', () => {
    expect(ReturnCode).toEqual({
      SUCCESS: '0', UPLOAD_DATA: '1', DOWNLOAD_OK: '2', DL_OK_ASK_INFO: '3', SHARED_DL_START: '4',
      GENERIC_ERR: '-1', SIGNATURE_FAILURE: '-3', WRONG_FILE_SIZE: '-4', TIME_OUT: '-5', FILE_REQ_FAILURE: '-6', WRONG_INPUT: '-7',
      WRONG_PP_ADDRESS: '-8', INTERNAL_DATA_FAILURE: '-9', INTERNAL_COMM_FAILURE: '-10', WRONG_FILE_INFO: '-11',
      WRONG_WALLET_ADDRESS: '-12', CONFLICT_WITH_ANOTHER_SESSION: '-13', SESSION_STOPPED: '-14',
    });
    expect(Object.values(ReturnCode)).not.toContain('-2');
  });

  it('isReturnCode knows only the bare codes', () => {
    expect(isReturnCode('-14')).toBe(true);
    expect(isReturnCode('-3, wrong wallet pubkey')).toBe(false);
    expect(isReturnCode('-2')).toBe(false);
    expect(isReturnCode(0)).toBe(false);
  });

  it('file_upload_state is an integer enum', () => {
    expect(FileUploadState).toEqual({ UNKNOWN: 0, UPLOADING: 1, FAILED: 2, FINISHED: 3, CONFIRMING: 4 });
  });
});
