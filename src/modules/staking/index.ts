/**
 * Module `staking`. PLACEHOLDER until the staking work lands: no messages, queries or hooks yet.
 */
import type { Module } from '../../state/module.ts';

export const stakingModule: Module<Record<string, unknown>> = {
  name: 'staking',
  defaultGenesis: () => ({}),
  initGenesis: () => {},
  exportGenesis: () => ({}),
};
