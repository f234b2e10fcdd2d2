/**
 * One tx through the SDK's runTx (v0.47 baseapp): decode, ante in its own immer `produce`, then the
 * messages in a second `produce` over the ante result. A failing message drops the second draft
 * whole, so only the fee and the sequence bump survive (ARCHITECTURE.md, property 2).
 */
import { produce } from 'immer';
import { SdkErrors } from '../errors.ts';
import type { Codec, Any } from '../codec/registry.ts';
import type { NamingProfile } from '../naming.ts';
import { toAbciEvent, type AbciEvent, type ChainEvent } from '../events/event.ts';
import type { AppState } from '../state/app-state.ts';
import type { BlockInfo } from '../state/block-info.ts';
import type { MsgSpec } from '../state/module.ts';
import { runAnte, type MinGasPrices, type RunMode } from './ante.ts';
import { GasMeter } from './gas.ts';
import { asChainError, errorResult, messageLogsText, stringifyEvents, type MessageLog, type TxResult } from './tx-result.ts';
import { buildTxView, type TxView } from './tx-view.ts';

export interface TxEnv {
  readonly codec: Codec;
  readonly specs: ReadonlyMap<string, MsgSpec>;
  readonly minGasPrices: MinGasPrices;
}

export interface TxOutcome {
  readonly state: AppState;
  readonly result: TxResult;
  /** the decoded tx, when it decoded */
  readonly view?: TxView;
}

/** The module a message belongs to: second dot-segment of its type URL (`/sdk.bank.v1beta1.MsgSend` → `bank`). */
function moduleOf(typeName: string): string {
  return typeName.split('.')[1] ?? '';
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function runTx(env: TxEnv, state: AppState, txBytes: Uint8Array, mode: RunMode, block: BlockInfo): TxOutcome {
  const { codec } = env;
  const profile: NamingProfile = codec.profile;
  let view: TxView;
  try {
    view = buildTxView(codec, txBytes, env.specs);
  } catch (e) {
    return { state, result: errorResult(e, 0n, 0n) };
  }
  const gasWanted = view.gasLimit;
  const limit = mode === 'simulate' || gasWanted > BigInt(UNLIMITED) ? UNLIMITED : Number(gasWanted);
  const gas = new GasMeter(limit);
  const used = () => BigInt(gas.consumed);

  const anteEvents: ChainEvent[] = [];
  let afterAnte: AppState;
  try {
    afterAnte = produce(state, (draft) => {
      runAnte(draft, { tx: view, txSize: txBytes.length, mode, minGasPrices: env.minGasPrices }, { block, gas, emit: (e) => anteEvents.push(e) });
    });
  } catch (e) {
    return { state, result: errorResult(e, gasWanted, used()), view };
  }
  const anteAbci = anteEvents.map((e) => toAbciEvent(e, profile));
  if (mode === 'check' || mode === 'recheck') {
    return {
      state: afterAnte,
      result: { code: 0, codespace: '', log: '[]', info: '', gas_wanted: gasWanted, gas_used: used(), events: anteAbci, data: new Uint8Array(0), logs: [] },
      view,
    };
  }

  const msgEvents: AbciEvent[] = [];
  const logs: MessageLog[] = [];
  const responses: Any[] = [];
  let failedIndex = -1;
  let afterMsgs: AppState;
  try {
    afterMsgs = produce(afterAnte, (draft) => {
      view.messages.forEach((m, i) => {
        failedIndex = i;
        const events: ChainEvent[] = [
          { type: 'message', data: { action: codec.typeUrl(m.typeName), sender: m.spec.signers(m.value)[0], module: moduleOf(m.typeName) } },
        ];
        const response = m.spec.handle(draft, m.value, { block, gas, emit: (e) => events.push(e) });
        responses.push(codec.packAny(m.spec.responseType, response ?? {}));
        const abci = events.map((e) => toAbciEvent(e, profile));
        msgEvents.push(...abci);
        logs.push({ msg_index: i, log: '', events: stringifyEvents(abci) });
      });
    });
  } catch (e) {
    const err = asChainError(e);
    // out of gas is a recovered panic in runTx: reported as is, not as a message failure
    const outOfGas = err.codespace === SdkErrors.OutOfGas.codespace && err.code === SdkErrors.OutOfGas.code;
    const failure = outOfGas ? err : err.wrap(`failed to execute message; message index: ${failedIndex}`);
    return { state: afterAnte, result: errorResult(failure, gasWanted, used(), anteAbci), view };
  }
  const data = codec.encode('sdk.base.abci.v1beta1.TxMsgData', { msg_responses: responses });
  return {
    state: afterMsgs,
    result: {
      code: 0,
      codespace: '',
      log: messageLogsText(logs),
      info: '',
      gas_wanted: gasWanted,
      gas_used: used(),
      events: [...anteAbci, ...msgEvents],
      data,
      logs,
    },
    view,
  };
}

