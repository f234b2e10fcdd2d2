/**
 * The node-operation commands of spec §4.5: init, start, status, version, config, export, the
 * consensus group and the genesis helpers (also top-level, as stchaind has them).
 */
import type { CommandGroup } from '../context.ts';
import { addGenesisAccountCommand } from './add-genesis-account.ts';
import { configCommand } from './config.ts';
import { consensusCommand } from './consensus.ts';
import { exportCommand } from './export.ts';
import { genesisCommand } from './genesis.ts';
import { collectGentxsCommand, gentxCommand } from './gentx.ts';
import { initCommand } from './init.ts';
import { startCommand } from './start.ts';
import { statusCommand } from './status.ts';
import { validateGenesisCommand } from './validate-genesis.ts';
import { versionCommand } from './version.ts';

export const NODE_COMMANDS: readonly CommandGroup[] = [
  initCommand,
  genesisCommand,
  addGenesisAccountCommand,
  validateGenesisCommand,
  gentxCommand,
  collectGentxsCommand,
  startCommand,
  statusCommand,
  configCommand,
  exportCommand,
  consensusCommand,
  versionCommand,
];
