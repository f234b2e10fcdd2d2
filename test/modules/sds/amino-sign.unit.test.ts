/** The sds messages signed in amino-json mode (amino names `sds/PrepayTx`, `sds/FileUploadTx`) are accepted. */
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { getFileInfo } from '../../../src/modules/sds/state.ts';
import { CHAIN_ID, signed } from '../../helpers/fixture.ts';
import { META_A, owners, S, sdsChain, STOS, V05_HASH } from './harness.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';

const FEE = [{ denom: 'wei', amount: '2000000000000000' }];

function deliverAmino(chain: ReturnType<typeof sdsChain>, who: number, msg: TxMessage) {
  const key = owners[who]!;
  const seq = getAccount(chain.app.state, key.address)?.sequence ?? 0n;
  const tx = signed(key, BigInt(who), seq, { messages: [msg], fee: FEE, gasLimit: 2_000_000n }, { chainId: CHAIN_ID, mode: 'amino-json' });
  chain.timeNs += 5_000_000_000n;
  const res = chain.app.finalizeBlock({ height: chain.app.height + 1n, timeNs: chain.timeNs, proposer: '', txs: [tx] });
  chain.app.commit();
  return res.txResults[0]!;
}

describe('amino-json signing of sds messages', () => {
  it('prepay and upload succeed', () => {
    const chain = sdsChain();
    expect(deliverAmino(chain, 2, S.prepay(owners[2]!.address, STOS, owners[3]!.address))).toMatchObject({ code: 0 });
    expect(chain.app.state.register.remaining_ozone_limit).toBe(15_000_000_000_000n - 937_500_000_000n);
    expect(deliverAmino(chain, 0, S.upload(owners[0]!.address, META_A.address, owners[3]!.address, V05_HASH))).toMatchObject({ code: 0 });
    expect(getFileInfo(chain.app.state, V05_HASH)?.uploader).toBe(owners[3]!.address);
  });
});
