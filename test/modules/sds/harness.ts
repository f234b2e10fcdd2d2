/** Given/when/then harness for sds tests: the register harness's Chain with two active meta nodes at genesis. */
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { defaultRegisterGenesis } from '../../../src/modules/register/genesis.ts';
import { Chain, genesisMetaNode, nodeKeyOf, owners, STOS, type NodeKey } from '../register/harness.ts';

export { Chain, owners, STOS, nodeKeyOf, patchState, typedEvents, FEE_AMOUNT } from '../register/harness.ts';

/** meta node A (owner 0, 10 stos) and B (owner 1, 5 stos): St = 15 stos, Lt = St / 10^6 = 1.5·10^13 noz. */
export const META_A: NodeKey = nodeKeyOf(11);
export const META_B: NodeKey = nodeKeyOf(12);
/** a meta node of owner 2 that is Bonded but suspended */
export const META_SUSPENDED: NodeKey = nodeKeyOf(13);
export const TOKENS_A = 10n * STOS;
export const TOKENS_B = 5n * STOS;

/** The storage network's file-hash form (a CIDv1 in base32hex), as printed in the Stratos docs. */
export const V05_HASH = 'v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g';
/** The 64-hex form of spec part 2. */
export const HEX_HASH = 'A0B1C2D3E4F5061728394A5B6C7D8E9FA0B1C2D3E4F5061728394A5B6C7D8E9F';

export function sdsChain(opts: { suspended?: boolean; metaNodes?: boolean } = {}): Chain {
  const register = defaultRegisterGenesis() as unknown as Record<string, unknown>;
  const metas = opts.metaNodes === false ? [] : [genesisMetaNode(META_A, owners[0]!.address, TOKENS_A), genesisMetaNode(META_B, owners[1]!.address, TOKENS_B)];
  if (opts.suspended) metas.push(genesisMetaNode(META_SUSPENDED, owners[2]!.address, STOS, { suspend: true }));
  register.meta_nodes = metas;
  return new Chain(1000n * STOS, register);
}

export const S = {
  upload: (from: string, reporter: string, uploader: string, fileHash: string): TxMessage => ({
    typeName: 'chain.sds.v1.MsgFileUpload',
    value: { file_hash: fileHash, from, reporter, uploader },
  }),
  prepay: (sender: string, amount: { denom: string; amount: string }[] | bigint, beneficiary = sender): TxMessage => ({
    typeName: 'chain.sds.v1.MsgPrepay',
    value: { sender, beneficiary, amount: typeof amount === 'bigint' ? [{ denom: 'wei', amount: amount.toString() }] : amount },
  }),
};

/** A `chain.sds.v1.Query/<method>` through the protobuf path. */
export function sdsQuery(chain: Chain, method: string, req: Record<string, unknown> = {}): any {
  const c = chain.app.codec;
  const reqType = method === 'Fileupload' ? 'chain.sds.v1.QueryFileUploadRequest' : `chain.sds.v1.Query${method}Request`;
  const resType = method === 'Fileupload' ? 'chain.sds.v1.QueryFileUploadResponse' : `chain.sds.v1.Query${method}Response`;
  const r = chain.app.query(`/chain.sds.v1.Query/${method}`, c.encode(reqType, c.create(reqType, req)));
  if (r.code !== 0) return { error: { code: r.code, log: r.log } };
  return c.decode(resType, r.value);
}
