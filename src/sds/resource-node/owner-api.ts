/**
 * The `owner_` namespace (reference §1.4.9), served only when `rpc_namespaces` lists `owner`: the
 * node acts with its own wallet, sending txs to the chain through its RPC. Amounts are coin
 * strings (`1stos`, `…wei`); one that does not parse is `-7`; a tx the chain refuses is `-9` with
 * the chain's log in `detail`.
 */
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import { isAccountAddress } from '../../crypto/address.ts';
import { ReturnCode } from '../protocol/return-codes.ts';
import type { RpcMethod } from '../rpc/dispatch.ts';
import type { TxMessage } from '../../client/sign-tx.ts';
import type { TxSender } from '../chain/tx-sender.ts';
import type { MetaClient } from './meta-client.ts';
import { omitEmpty, Params } from './params.ts';

type Result = Record<string, unknown>;

export interface OwnerApiDeps {
  readonly wallet: string;
  readonly networkAddress: string;
  readonly sender: TxSender;
  readonly meta: MetaClient;
  /** registers the node at its meta node (start of mining) */
  readonly joinCluster: () => Promise<string | undefined>;
  /** the node's create-resource-node message for a deposit */
  readonly activation: (deposit: { denom: string; amount: string }) => TxMessage;
  readonly status: () => Promise<string>;
  /** the node's record on chain (undefined when it is not registered) */
  readonly onChain: () => Promise<{ readonly nodeType: number; readonly bonded: boolean } | undefined>;
  /** `[registration] node_type` of the config: the type sent when the chain has none */
  readonly nodeType: number;
}

function coin(text: string): { denom: string; amount: string } | undefined {
  try {
    const c = parseCoinNormalized(text);
    return { denom: c.denom, amount: c.amount.toString() };
  } catch {
    return undefined;
  }
}


export function ownerMethods(d: OwnerApiDeps): Map<string, RpcMethod> {
  const m = new Map<string, RpcMethod>();
  const send = async (msgs: TxMessage[], extra: Result = {}): Promise<Result> => {
    try {
      const sent = await d.sender.send(msgs);
      return omitEmpty({ return: ReturnCode.SUCCESS, detail: `tx ${sent.hash} at height ${sent.height}`, ...extra });
    } catch (e) {
      return omitEmpty({ return: ReturnCode.INTERNAL_DATA_FAILURE, detail: (e as Error).message });
    }
  };
  const badInput = (detail: string): Result => ({ return: ReturnCode.WRONG_INPUT, detail });

  m.set('owner_requestRegisterNewPP', async () => {
    const problem = await d.joinCluster();
    return problem === undefined ? { return: ReturnCode.SUCCESS, alreadypp: true } : omitEmpty({ return: ReturnCode.INTERNAL_COMM_FAILURE, detail: problem });
  });
  m.set('owner_requestActivate', async (raw) => {
    const p = new Params(raw, 'ParamReqActivate');
    const deposit = coin(p.str('deposit'));
    if (!deposit) return badInput(`invalid deposit ${JSON.stringify(p.str('deposit'))}`);
    // a node already on chain is not created again (the chain would refuse it, and the fee be spent)
    const record = await d.onChain().catch(() => undefined);
    if (record?.bonded) return { return: ReturnCode.SUCCESS, activationstate: 1, detail: `resource node ${d.networkAddress} is already active on chain: no tx sent` };
    if (record) return { return: ReturnCode.INTERNAL_DATA_FAILURE, detail: `resource node ${d.networkAddress} is already on chain but not bonded: no tx sent (add to its deposit with tx register update-resource-node-deposit)` };
    return send([d.activation(deposit)], { activationstate: 1 });
  });
  m.set('owner_requestPrepay', async (raw) => {
    const p = new Params(raw, 'ParamReqPrepay');
    const amount = coin(p.str('prepayamount'));
    if (!amount) return badInput(`invalid prepayamount ${JSON.stringify(p.str('prepayamount'))}`);
    const beneficiary = p.signature().address || d.wallet;
    if (!isAccountAddress(beneficiary)) return badInput(`invalid beneficiary ${JSON.stringify(beneficiary)}`);
    return send([{ typeName: 'chain.sds.v1.MsgPrepay', value: { sender: d.wallet, beneficiary, amount: [amount] } }]);
  });
  m.set('owner_requestStartMining', async () => {
    const problem = await d.joinCluster();
    return problem === undefined ? { return: ReturnCode.SUCCESS } : omitEmpty({ return: ReturnCode.INTERNAL_COMM_FAILURE, detail: problem });
  });
  m.set('owner_requestWithdraw', async (raw) => {
    const p = new Params(raw, 'ParamReqWithdraw');
    const amount = coin(p.str('amount'));
    if (!amount) return badInput(`invalid amount ${JSON.stringify(p.str('amount'))}`);
    const target = p.str('target_address') || d.wallet;
    if (!isAccountAddress(target)) return badInput(`invalid target_address ${JSON.stringify(target)}`);
    return send([{ typeName: 'chain.pot.v1.MsgWithdraw', value: { amount: [amount], wallet_address: d.wallet, target_address: target } }]);
  });
  m.set('owner_requestSend', async (raw) => {
    const p = new Params(raw, 'ParamReqSend');
    const amount = coin(p.str('amount'));
    if (!amount) return badInput(`invalid amount ${JSON.stringify(p.str('amount'))}`);
    const to = p.str('to');
    if (!isAccountAddress(to)) return badInput(`invalid to ${JSON.stringify(to)}`);
    return send([{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: d.wallet, to_address: to, amount: [amount] } }]);
  });
  m.set('owner_requestStatus', async () => ({ return: ReturnCode.SUCCESS, message: await d.status() }));
  m.set('owner_requestUpdatePPInfo', async (raw) => {
    const p = new Params(raw, 'ParamReqUpdatePPInfo');
    const description = { moniker: p.str('moniker'), identity: p.str('identity'), website: p.str('website'), security_contact: p.str('security_contact'), details: p.str('details') };
    // the chain refuses node_type 0 (chain-semantics §1.5.5) and replaces the stored type with any
    // other: the node keeps its type on chain (the config's when the chain cannot be asked)
    const record = await d.onChain().catch(() => undefined);
    return send([
      {
        typeName: 'chain.register.v1.MsgUpdateResourceNode',
        value: { description, beneficiary_address: '', network_address: d.networkAddress, owner_address: d.wallet, node_type: record?.nodeType || d.nodeType },
      },
    ]);
  });
  return m;
}
