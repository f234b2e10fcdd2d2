import { describe, expect, it } from 'vitest';
import { owners, S, sdsChain, sdsQuery, STOS, V05_HASH, META_A } from './harness.ts';

const [o0, , o2, o3] = owners as [(typeof owners)[0], (typeof owners)[0], (typeof owners)[0], (typeof owners)[0]];

describe('chain.sds.v1.Query (reference §2.6)', () => {
  it('SimPrepay: the prepay formula on the current St, Pt, Lt; stos and gwei normalised to wei; other denoms buy 0', () => {
    const chain = sdsChain();
    for (const amount of ['1stos', '1000000000gwei', '1000000000000000000wei']) {
      expect(sdsQuery(chain, 'SimPrepay', { amount })).toEqual({ noz: '937500000000' });
    }
    // 0.5 stos: trunc(1.5e13 · 5e17 / 1.55e19) = 483870967741.93… → 483870967741
    expect(sdsQuery(chain, 'SimPrepay', { amount: '0.5stos' })).toEqual({ noz: '483870967741' });
    expect(sdsQuery(chain, 'SimPrepay', { amount: '5foo' })).toEqual({ noz: '0' });
    // the query changes nothing: a real prepay then buys the simulated amount
    chain.ok(o2, [S.prepay(o2.address, STOS)]);
    expect(chain.app.state.register.remaining_ozone_limit).toBe(15_000_000_000_000n - 937_500_000_000n);
  });

  it('SimPrepay: empty and unparsable amounts are InvalidArgument', () => {
    const chain = sdsChain();
    expect(sdsQuery(chain, 'SimPrepay', { amount: '' })).toEqual({ error: { code: 18, log: 'rpc error: code = InvalidArgument desc = Amount cannot be empty: invalid request' } });
    expect(sdsQuery(chain, 'SimPrepay', { amount: 'lots' })).toEqual({ error: { code: 18, log: 'rpc error: code = InvalidArgument desc = Amount invalid: invalid request' } });
  });

  it('NozPrice = (St + Pt) / Lt with 18 decimals, half-even', () => {
    const chain = sdsChain();
    expect(sdsQuery(chain, 'NozPrice')).toEqual({ price: '1000000.000000000000000000' });
    chain.ok(o2, [S.prepay(o2.address, STOS)]);
    // 16e18 / 14062500000000 = 1137777.7777…; the 19th digit 7 rounds the 18th up
    expect(sdsQuery(chain, 'NozPrice')).toEqual({ price: '1137777.777777777777777778' });
  });

  it('NozSupply = {remaining: Lt, total: trunc(St / rate)}', () => {
    const chain = sdsChain();
    chain.ok(o2, [S.prepay(o2.address, STOS)]);
    expect(sdsQuery(chain, 'NozSupply')).toEqual({ remaining: '14062500000000', total: '15000000000000' });
  });

  it('Params', () => {
    expect(sdsQuery(sdsChain(), 'Params')).toEqual({ params: { bond_denom: 'wei' } });
  });

  it('Fileupload: recorded file; unknown file is ErrNoFileFound; bad hash and empty hash fail', () => {
    const chain = sdsChain();
    chain.ok(o0, [S.upload(o0.address, META_A.address, o3.address, V05_HASH)]);
    expect(sdsQuery(chain, 'Fileupload', { file_hash: V05_HASH }).file_info.uploader).toBe(o3.address);
    const other = 'A0B1C2D3E4F5061728394A5B6C7D8E9FA0B1C2D3E4F5061728394A5B6C7D8E9F';
    expect(sdsQuery(chain, 'Fileupload', { file_hash: other })).toEqual({ error: { code: 6, log: `rpc error: code = Unknown desc = ${other}: file does not exist: unknown request` } });
    expect(sdsQuery(chain, 'Fileupload', { file_hash: 'xyz' })).toEqual({ error: { code: 6, log: 'rpc error: code = Unknown desc = invalid file hash xyz: selected encoding not supported: "x": unknown request' } });
    expect(sdsQuery(chain, 'Fileupload', { file_hash: '' })).toEqual({ error: { code: 18, log: 'rpc error: code = InvalidArgument desc = file hash cannot be empty: invalid request' } });
  });
});
