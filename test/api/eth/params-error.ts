/** Test helper: the message of the ParamsError `parsePositional` throws for `params`, or undefined when it decodes. */
import { expect } from 'vitest';
import { parsePositional, ParamsError } from '../../../src/api/eth/params.ts';

export function paramsError(params: string | undefined, types: Parameters<typeof parsePositional>[1]): string | undefined {
  try {
    parsePositional(params, types);
  } catch (e) {
    expect(e).toBeInstanceOf(ParamsError);
    return (e as Error).message;
  }
  return undefined;
}
