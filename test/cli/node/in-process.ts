/** `chaind …` through `main` in this process (same code path as bin/chaind, without the process start-up). */
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';
import { startArgs, type ChaindResult } from '../run-chaind.ts';

export async function chaind(args: readonly string[], stdinLines: readonly string[] = []): Promise<ChaindResult> {
  const out = bufferOutput();
  const code = await main([...startArgs(args)], { out, prompt: scriptedPrompter(stdinLines) });
  return { code, stdout: out.out, stderr: out.err };
}
