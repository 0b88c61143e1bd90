import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * Runs `work` under V8's sampling profiler (the inspector's `Profiler` domain, in this process)
 * and writes the profile to `path` as a `.cpuprofile` (Chrome DevTools, speedscope, or
 * `bench/profileSummary.ts` read it). Only `work` is profiled, not the set-up around it.
 *
 * @example
 * await withCpuProfile("send.cpuprofile", () => externalRound());
 */
export async function withCpuProfile<T>(path: string, work: () => Promise<T>, intervalUs = 200): Promise<T> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: intervalUs });
    await session.post("Profiler.start");
    let result: T;
    try {
      result = await work();
    } finally {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(path, JSON.stringify(profile));
    }
    return result;
  } finally {
    session.disconnect();
  }
}
