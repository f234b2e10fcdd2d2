/**
 * `--cpu-profile <file>`: the Go binary writes a pprof profile; this node writes the V8 CPU
 * profile of its process (Chrome DevTools / `.cpuprofile` format) when it stops. The file is
 * created at start, so a bad path fails before the node runs (as `os.Create` does).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export interface CpuProfiler {
  /** stops profiling and writes the profile */
  stop(): Promise<void>;
}

export async function startCpuProfile(path: string): Promise<CpuProfiler> {
  try {
    writeFileSync(path, '');
  } catch (e) {
    throw new Error(`cannot create the CPU profile file ${path}: ${(e as Error).message}`);
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
