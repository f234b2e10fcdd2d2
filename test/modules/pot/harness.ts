/**
 * Given/when/then harness for pot message tests through the App: three genesis meta nodes
 * (owners 0–2, Bonded, 1000 stos, beneficiary = owner), one genesis resource node of owner 3 with
 * 1 stos effective deposit, a foundation deposit and a prepay by owner 4.
 */
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { volumeReportTxData } from '../../../src/modules/pot/tx-data.ts';
import { Chain, genesisMetaNode, nodeKeyOf, owners, STOS } from '../register/harness.ts';

export { Chain, owners, STOS, nodeKeyOf };
export const FAIL = 'failed to execute message; message index: 0: ';

export const MN = [nodeKeyOf(0x61), nodeKeyOf(0x62), nodeKeyOf(0x63)];
export const RN = nodeKeyOf(0x71);

export function potChain(): Chain {
  return new Chain(100_000n * STOS, {
    meta_nodes: MN.map((k, i) => genesisMetaNode(k, owners[i]!.address, 1000n * STOS)),
    resource_nodes: [{ ...genesisMetaNode(RN, owners[3]!.address, STOS), node_type: 4, effective_tokens: STOS.toString(), beneficiary_address: '' }],
  });
}

export interface ReportOptions {
  readonly reporterIndex?: number;
  readonly owner?: string;
  readonly reporter?: string;
  readonly volumes?: { wallet_address: string; volume: string }[];
  readonly reference?: string;
  readonly pubKeys?: Uint8Array[];
  readonly signature?: Uint8Array;
  readonly txData?: Uint8Array;
}

/** A volume report with the exact txData and (by default) two non-empty pubkeys, enough for 3 bonded meta nodes. */
export function report(epoch: bigint | string, o: ReportOptions = {}): TxMessage {
  const i = o.reporterIndex ?? 0;
  const body = {
    wallet_volumes: o.volumes ?? [{ wallet_address: owners[3]!.address, volume: '100000' }],
    reporter: o.reporter ?? MN[i]!.address,
    epoch: epoch.toString(),
    report_reference: o.reference ?? `ref-${epoch}`,
    reporter_owner: o.owner ?? owners[i]!.address,
  };
  return {
    typeName: 'chain.pot.v1.MsgVolumeReport',
    value: {
      ...body,
      BLS_signature: {
        pub_keys: o.pubKeys ?? [new Uint8Array([1]), new Uint8Array([2])],
        signature: o.signature ?? new Uint8Array([9]),
        txData: o.txData ?? volumeReportTxData(body),
      },
    },
  };
}

export const P = {
  withdraw: (wallet: string, target: string, amount: bigint | null, denom = 'wei'): TxMessage => ({
    typeName: 'chain.pot.v1.MsgWithdraw',
    value: { amount: amount === null ? [] : [{ denom, amount: amount.toString() }], wallet_address: wallet, target_address: target },
  }),
  foundationDeposit: (from: string, amount: bigint, denom = 'wei'): TxMessage => ({
    typeName: 'chain.pot.v1.MsgFoundationDeposit',
    value: { amount: [{ denom, amount: amount.toString() }], from },
  }),
  prepay: (sender: string, amount: bigint): TxMessage => ({
    typeName: 'chain.sds.v1.MsgPrepay',
    value: { sender, beneficiary: sender, amount: [{ denom: 'wei', amount: amount.toString() }] },
  }),
  slashing: (owners_: string[], reporters: string[], network: string, wallet: string, slashing: bigint | string, suspend: boolean): TxMessage => ({
    typeName: 'chain.pot.v1.MsgSlashingResourceNode',
    value: { reporters, reporter_owner: owners_, network_address: network, wallet_address: wallet, slashing: slashing.toString(), suspend },
  }),
};

/** Pot query through the protobuf path. */
export function potQuery(chain: Chain, method: string, req: Record<string, unknown> = {}): any {
  const c = chain.app.codec;
  const reqType = `chain.pot.v1.Query${method}Request`;
  const r = chain.app.query(`/chain.pot.v1.Query/${method}`, c.encode(reqType, c.create(reqType, req)));
  if (r.code !== 0) return { error: { code: r.code, log: r.log } };
  return c.decode(`chain.pot.v1.Query${method}Response`, r.value);
}
