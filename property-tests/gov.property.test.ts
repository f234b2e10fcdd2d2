/**
 * Property of gov (reference/sdk-modules.md §3.3–3.4): deposits are conserved. Whatever the
 * sequence of submits, deposits, votes and time jumps, and whatever the burn flags, every coin
 * deposited is held by the gov account (and equals the sum of the stored deposits), was refunded,
 * or was burned (the supply fell by exactly that) — never created.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coinsAmountOf } from '../src/math/coins.ts';
import { eventsOf, execLegacy, GOV, govChain, keys, M, SEC, STOS, VOTING_PERIOD } from '../test/modules/gov/harness.ts';

const SEED = Number(process.env.FC_SEED ?? 20261124);

type Action =
  | { kind: 'submit'; who: number; amount: bigint }
  | { kind: 'deposit'; who: number; id: number; amount: bigint }
  | { kind: 'vote'; id: number; option: number }
  | { kind: 'wait'; seconds: bigint };

const who = fc.integer({ min: 1, max: 4 });
const amount = fc.bigInt({ min: 0n, max: 12n * STOS });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const), who, amount }),
  fc.record({ kind: fc.constant('deposit' as const), who, id: fc.integer({ min: 1, max: 4 }), amount }),
  fc.record({ kind: fc.constant('vote' as const), id: fc.integer({ min: 1, max: 4 }), option: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('wait' as const), seconds: fc.bigInt({ min: 1n, max: 2n * (VOTING_PERIOD / SEC) }) }),
);

const sumAmount = (events: readonly Record<string, string>[], denomOf = (a: string) => (a === '' ? 0n : BigInt(a.replace(/wei$/, '')))) => events.reduce((s, e) => s + denomOf(e.amount ?? ''), 0n);

describe('gov', () => {
  it('deposits are conserved: held + refunded + burned = deposited, and the supply falls by the burned amount', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 10 }), fc.boolean(), fc.boolean(), fc.boolean(), (actions, prevote, quorum, veto) => {
        const chain = govChain({ params: { burn_proposal_deposit_prevote: prevote, burn_vote_quorum: quorum, burn_vote_veto: veto } });
        const supply0 = chain.app.state.bank.supply.wei!;
        let deposited = 0n;
        let refunded = 0n;
        let burned = 0n;
        const account = (events: Parameters<typeof eventsOf>[0]) => {
          refunded += sumAmount(eventsOf(events, 'transfer').filter((e) => e.sender === GOV));
          burned += sumAmount(eventsOf(events, 'burn').filter((e) => e.burner === GOV));
        };
        for (const a of actions) {
          if (a.kind === 'wait') {
            account(chain.emptyBlock(a.seconds * SEC));
            continue;
          }
          const key = keys[a.kind === 'vote' ? 0 : a.who]!;
          const msg =
            a.kind === 'submit' ? M.submit(key.address, [execLegacy()], a.amount) : a.kind === 'deposit' ? M.deposit(key.address, BigInt(a.id), a.amount) : M.vote(key.address, BigInt(a.id), a.option);
          const r = chain.deliver(key, [msg]);
          if (r.code === 0) deposited += sumAmount(eventsOf(r.events, 'proposal_deposit').filter((e) => 'amount' in e));
          account(r.endEvents);
        }
        const held = chain.balance(GOV);
        const stored = Object.values(chain.app.state.gov.deposits).flatMap((byAddr) => Object.values(byAddr)).reduce((s, d) => s + coinsAmountOf(d.amount, 'wei'), 0n);
        expect(held).toBe(stored);
        expect(held + refunded + burned).toBe(deposited);
        expect(chain.app.state.bank.supply.wei).toBe(supply0 - burned);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
