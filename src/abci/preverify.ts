/**
 * Signature checks ahead of CheckTx: for a batch of txs, the signatures the ante will check are
 * computed from the check state (key on the account or in the tx, account number, chain id), checked
 * on the verify pool's threads, and the valid ones recorded in each tx's `verified` memo. The ante
 * then skips exactly those checks; anything that changed in between (another key, another account
 * number) no longer matches the memo and is checked again in the ante, so results are identical
 * with or without this step — it only moves work off the state machine's thread.
 */
import type { AppState } from '../state/app-state.ts';
import type { BlockInfo } from '../state/block-info.ts';
import { shardGet, type Sharded } from '../state/sharded.ts';
import { accountKey, type AccountRecord } from '../modules/auth/account.ts';
import type { PubKey } from '../crypto/keys.ts';
import type { SignatureCheck } from '../crypto/verify-pool.ts';
import { signatureMemo } from './ante.ts';
import { viewOf, type TxEnv } from './run-tx.ts';
import type { TxView } from './tx-view.ts';

export interface PendingChecks {
  readonly checks: readonly SignatureCheck[];
  /** records the answers (one per check, in order) in the txs' memos */
  record(valid: readonly boolean[]): void;
}

/** The signature checks of `txs` not yet in their memos; txs that do not decode are left to CheckTx. */
export function pendingSignatureChecks(env: TxEnv, state: AppState, txs: readonly Uint8Array[], block: BlockInfo): PendingChecks {
  const checks: SignatureCheck[] = [];
  const targets: { view: TxView; memo: string; pub: PubKey }[] = [];
  for (const bytes of txs) {
    let view: TxView;
    try {
      view = viewOf(env, bytes);
    } catch {
      continue;
    }
    view.signerInfos.forEach((si, i) => {
      const signature = view.signatures[i];
      // more signer infos than signers (a bad fee payer left out of them): the ante reports it
      const signer = view.signers[i];
      if (signer === undefined) return;
      const account = shardGet(state.auth.accounts as Sharded<AccountRecord>, accountKey(signer));
      if (!signature || signature.length === 0 || !account) return;
      // the key the ante will use: the account's, or the one this tx sets on it
      let pub: PubKey | null;
      try {
        pub = account.pub_key ? si.accountPubKey(account.pub_key) : si.pubKey;
      } catch {
        return; // an unsupported key type: the ante reports it
      }
      if (!pub) return;
      const accountNumber = block.height === 0n ? 0n : account.account_number;
      const memo = signatureMemo(i, accountNumber, block.chainId);
      if (view.verified.get(memo) === pub) return;
      let message: Uint8Array;
      try {
        message = view.signBytes(i, si, block.chainId, accountNumber, pub);
      } catch {
        return; // an unsupported sign mode: the ante reports it
      }
      checks.push({ pub, message, signature });
      targets.push({ view, memo, pub });
    });
  }
  return {
    checks,
    record(valid) {
      targets.forEach((t, k) => {
        if (valid[k]) t.view.verified.set(t.memo, t.pub);
      });
      // the ante finds these in the memos: the views no longer need their signed forms
      for (const t of targets) t.view.releaseSignedForm();
    },
  };
}
