/** Test helper: the final state of a run's home, replayed from its chain as `chaind start` would. */
import { join } from 'node:path';
import { appModules } from '../../../src/abci/modules.ts';
import { Chain } from '../../../src/abci/chain.ts';
import { DEFAULT_POT_NODE_SETTINGS } from '../../../src/modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../../src/modules/pot/apply-node-settings.ts';
import type { AppState } from '../../../src/state/app-state.ts';

export function finalState(home: string): AppState {
  const restore = applyPotNodeSettings({ ...DEFAULT_POT_NODE_SETTINGS, blsVerifier: 'accept-any' });
  const chain = Chain.open({ ...appModules, dbPath: join(home, 'data', 'chain.sqlite') });
  try {
    return chain.app.stateAt(chain.height)!;
  } finally {
    chain.close();
    restore();
  }
}
