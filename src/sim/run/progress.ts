/**
 * The progress bar of `sdsim run` on a terminal (nothing is drawn on a pipe: the CLI passes no bar):
 * `[#########...........]  45% epoch 2365/5256  812 epochs/s  ETA 4s`, redrawn at most 10 times a second.
 */
export interface ProgressBar {
  update(done: number, total: number): void;
  done(): void;
}

const WIDTH = 30;

export function progressBar(write: (text: string) => void, now: () => number = () => performance.now(), unit = 'epoch'): ProgressBar {
  const started = now();
  let last = -Infinity;
  let shown = false;
  return {
    update(done, total) {
      const t = now();
      if (done < total && t - last < 100) return;
      last = t;
      const fraction = total > 0 ? done / total : 1;
      const filled = Math.round(fraction * WIDTH);
      const rate = done / Math.max(1e-3, (t - started) / 1000);
      const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
      write(`\r[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}% ${unit} ${done}/${total}  ${rate.toFixed(rate < 10 ? 2 : 0)} ${unit}s/s  ETA ${eta}s`);
      shown = true;
    },
    done() {
      if (shown) write('\n');
    },
  };
}
