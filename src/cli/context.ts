/**
 * What every `chaind` command receives besides its flags. Its own file, so a command never imports
 * the entry point (`chaind.ts`) back.
 */
import type { Command } from 'commander';
import type { NamingProfile } from '../naming.ts';
import type { Output } from './output.ts';
import type { Prompter } from './prompt.ts';

/** What a command may use besides its flags. */
export interface CliContext {
  readonly out: Output;
  readonly prompt: Prompter;
  /** naming profile of type URLs and amino names in outputs (spec: neutral by default) */
  readonly naming: NamingProfile;
}

/** A command group: `keys`, `tx`, `query`, `start`, … */
export type CommandGroup = (ctx: CliContext) => Command;
