/**
 * Module `evidence`. PLACEHOLDER until the evidence work lands: no messages, queries or hooks yet.
 */
import type { Module } from '../../state/module.ts';

export const evidenceModule: Module<Record<string, unknown>> = {
  name: 'evidence',
  defaultGenesis: () => ({}),
  initGenesis: () => {},
  exportGenesis: () => ({}),
};
