/**
 * Module `slashing`. PLACEHOLDER until the slashing work lands: no messages, queries or hooks yet.
 */
import type { Module } from '../../state/module.ts';

export const slashingModule: Module<Record<string, unknown>> = {
  name: 'slashing',
  defaultGenesis: () => ({}),
  initGenesis: () => {},
  exportGenesis: () => ({}),
};
