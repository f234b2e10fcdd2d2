/**
 * A direct-state fixture for pot unit tests: the §5 setup of reference/chain-semantics.md (rate
 * 10^6, three Bonded meta nodes of 1000 stos with distinct beneficiaries, three resource nodes with
 * 1 stos effective deposit, a funded foundation), built on an AppState without going through txs.
 */
import { produce, type Draft } from 'immer';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { accAddress, sdsAddress } from '../../../src/crypto/address.ts';
import type { ChainEvent } from '../../../src/events/event.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { balanceOf, creditGenesisBalance } from '../../../src/modules/bank/state.ts';
import { BondStatus, calculatePurchaseAmount, setMetaNode, setResourceNode } from '../../../src/modules/register/index.ts';
import { emptyAppState, type AppState } from '../../../src/state/app-state.ts';
import type { Ctx } from '../../../src/state/module.ts';

export const STOS = 10n ** 18n;

export const wallet = (n: number): string => accAddress(new Uint8Array(20).fill(n));
export const node = (n: number): string => sdsAddress(new Uint8Array(20).fill(n));

export const RN_WALLETS = [wallet(0x11), wallet(0x12), wallet(0x13)];
export const MN_OWNERS = [wallet(0x21), wallet(0x22), wallet(0x23)];
export const MN_BENEFICIARIES = [wallet(0x31), wallet(0x32), wallet(0x33)];
export const MN_NODES = [node(0x41), node(0x42), node(0x43)];
export const RN_NODES = [node(0x51), node(0x52), node(0x53)];

export const pool = (state: AppState, name: string): bigint => balanceOf(state, moduleAccountAddress(name), 'wei');

const desc = { moniker: 'n', identity: '', website: '', security_contact: '', details: '' };

export function ctxAt(height: bigint, events: ChainEvent[] = []): Ctx {
  return { block: { chainId: 'test', height, timeNs: 0n, proposer: '' }, gas: infiniteGasMeter(), emit: (e) => events.push(e) };
}

function credit(draft: Draft<AppState>, address: string, amount: bigint): void {
  creditGenesisBalance(draft, address, [{ denom: 'wei', amount }]);
  const supply = draft.bank.supply as Record<string, bigint>;
  supply.wei = (supply.wei ?? 0n) + amount;
}

/** The §5 genesis plus the 20 stos prepay; returns the state and the purchased noz. */
export function workedExampleState(): { state: AppState; purchased: bigint } {
  let purchased = 0n;
  const state = produce(emptyAppState(), (draft) => {
    for (let i = 0; i < 3; i++) {
      setMetaNode(draft, {
        network_address: MN_NODES[i]!,
        pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', key: '' },
        suspend: false,
        status: BondStatus.BONDED,
        tokens: 1000n * STOS,
        owner_address: MN_OWNERS[i]!,
        description: desc,
        creation_time: 0n,
        beneficiary_address: MN_BENEFICIARIES[i]!,
      });
      setResourceNode(draft, {
        network_address: RN_NODES[i]!,
        pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', key: '' },
        suspend: false,
        status: BondStatus.BONDED,
        tokens: STOS,
        owner_address: RN_WALLETS[i]!,
        description: desc,
        creation_time: 0n,
        beneficiary_address: '',
        node_type: 4,
        effective_tokens: STOS,
      });
    }
    draft.register.bonded_meta_node_count = 3n;
    draft.register.bonded_resource_node_count = 3n;
    credit(draft, moduleAccountAddress('meta_node_bonded_pool'), 3000n * STOS);
    credit(draft, moduleAccountAddress('resource_node_bonded_pool'), 3n * STOS);
    const st = 3n * 1000n * STOS + 3n * STOS;
    draft.register.effective_total_deposit = st;
    draft.register.remaining_ozone_limit = st / 1_000_000n;
    credit(draft, moduleAccountAddress('foundation_account'), 40_000_000n * STOS);
    // prepay of 20 stos with Pt = 0 (§5 "Prepay")
    const x = 20n * STOS;
    const r = calculatePurchaseAmount(draft, x, 0n)!;
    purchased = r.purchased;
    draft.register.remaining_ozone_limit = r.remaining;
    credit(draft, moduleAccountAddress('total_unissued_prepay'), x);
  });
  return { state, purchased };
}
