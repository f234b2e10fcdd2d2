import { describe, expect, it } from 'vitest';
import { defaultSdsGenesis, exportSdsGenesis, validateSdsGenesis, type SdsGenesis } from '../../../src/modules/sds/genesis.ts';
import { getFileInfo } from '../../../src/modules/sds/state.ts';
import { Chain, owners, V05_HASH } from './harness.ts';

const uploader = owners[3]!.address;

describe('sds genesis (reference §2.8)', () => {
  it('default: params only, files null', () => {
    expect(defaultSdsGenesis()).toEqual({ params: { bond_denom: 'wei' }, files: null });
    expect(exportSdsGenesis(new Chain().app.state)).toEqual({ params: { bond_denom: 'wei' }, files: null });
  });

  it('init then export round-trips files (reporters base64, height string) in store order', () => {
    const g: SdsGenesis = {
      params: { bond_denom: 'wei' },
      files: [
        { file_hash: V05_HASH, file_info: { height: '7', reporters: 'AwAAAAAAAAA=', uploader } },
        { file_hash: 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', file_info: { height: '0', reporters: 'AQAAAAAAAAA=', uploader } },
      ],
    };
    const chain = new Chain(undefined, undefined, { sds: g });
    expect(getFileInfo(chain.app.state, V05_HASH)).toEqual({ height: 7n, reporters: '0300000000000000', uploader });
    // 'Q' (0x51) sorts before 'v' (0x76)
    expect(exportSdsGenesis(chain.app.state)).toEqual({ params: g.params, files: [g.files![1], g.files![0]] });
  });

  it.each([
    ['empty file hash', { file_hash: '', file_info: { height: '1', reporters: 'AQ==', uploader } }, 'app_state.sds.files[0].file_hash: missing file hash'],
    ['negative height', { file_hash: V05_HASH, file_info: { height: '-1', reporters: 'AQ==', uploader } }, 'app_state.sds.files[0].file_info.height: invalid height'],
    ['empty reporters', { file_hash: V05_HASH, file_info: { height: '1', reporters: '', uploader } }, 'app_state.sds.files[0].file_info.reporters: missing reporters'],
    ['empty uploader', { file_hash: V05_HASH, file_info: { height: '1', reporters: 'AQ==', uploader: '' } }, 'app_state.sds.files[0].file_info.uploader: missing uploader address'],
  ])('ValidateGenesis refuses %s', (_why, file, message) => {
    expect(() => validateSdsGenesis({ params: { bond_denom: 'wei' }, files: [file] })).toThrow(message);
  });

  it('ValidateGenesis refuses a blank bond denom (ErrInvalidDenom text)', () => {
    expect(() => validateSdsGenesis({ params: { bond_denom: ' ' }, files: null })).toThrow('app_state.sds.params.bond_denom: bond denom cannot be blank: invalid denomination');
  });
});
