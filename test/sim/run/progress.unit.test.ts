/** The progress bar of `sdsim run` on a terminal: what it draws, how often, and the final newline. */
import { describe, expect, it } from 'vitest';
import { progressBar } from '../../../src/sim/run/progress.ts';

describe('progressBar', () => {
  it('draws the share done, the rate and the ETA, at most every 100 ms, always the last one, then a newline', () => {
    const out: string[] = [];
    let now = 0;
    const bar = progressBar((t) => out.push(t), () => now);
    now = 1000;
    bar.update(100, 400);
    now = 1050;
    bar.update(110, 400); // within 100 ms of the last drawing: skipped
    now = 2000;
    bar.update(400, 400);
    bar.done();
    expect(out).toStrictEqual([
      '\r[########......................]  25% epoch 100/400  100 epochs/s  ETA 3s',
      '\r[##############################] 100% epoch 400/400  200 epochs/s  ETA 0s',
      '\n',
    ]);
  });

  it('writes nothing when nothing was drawn', () => {
    const out: string[] = [];
    progressBar((t) => out.push(t), () => 0).done();
    expect(out).toStrictEqual([]);
  });
});
