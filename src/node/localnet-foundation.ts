/**
 * The pot module pays each epoch's mining rewards out of its foundation account (reference
 * chain-semantics §3.5), which a new chain has empty: `npm start` fills it once with a
 * `MsgFoundationDeposit` of 100,000 stos from the last dev account, so that volume reports of the
 * local storage network pay rewards from the first epoch. In the same first start it buys ozone
 * (`MsgPrepay` of 10 stos) for the wallets given (the storage client API's), so that it can store
 * files at once.
 */
import { derivePrivateKey } from '../crypto/hd.ts';
import { moduleAddress, accAddress } from '../crypto/address.ts';
import { ChainAccess } from '../sds/chain/chain-access.ts';
import { TxSender } from '../sds/chain/tx-sender.ts';
import type { LocalNetwork } from './localnet-network.ts';

export const FOUNDATION_DEPOSIT = 100_000n * 10n ** 18n;
const ETH_HD_PATH = "m/44'/606'/0'/0/0";

export const STORAGE_CLIENT_PREPAY = 10n * 10n ** 18n;

export async function fundFoundation(chainRpc: string, network: LocalNetwork, prepayFor: readonly string[] = []): Promise<void> {
  const chain = new ChainAccess(chainRpc);
  const foundation = accAddress(moduleAddress('foundation_account'));
  const res = (await chain.query('sdk.bank.v1beta1', 'Balance', { address: foundation, denom: 'wei' })) as { balance?: { amount?: string } };
  if (BigInt(res.balance?.amount ?? '0') > 0n) return;
  const dev = network.accounts[network.accounts.length - 1]!;
  const sender = new TxSender(chain, dev.address, derivePrivateKey(dev.mnemonic, ETH_HD_PATH));
  await sender.send([{ typeName: 'chain.pot.v1.MsgFoundationDeposit', value: { amount: [{ denom: 'wei', amount: FOUNDATION_DEPOSIT.toString() }], from: dev.address } }], { gasLimit: 200_000n });
  for (const beneficiary of prepayFor) {
    await sender.send([{ typeName: 'chain.sds.v1.MsgPrepay', value: { sender: dev.address, beneficiary, amount: [{ denom: 'wei', amount: STORAGE_CLIENT_PREPAY.toString() }] } }], { gasLimit: 200_000n });
  }
}
