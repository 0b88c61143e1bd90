import { readFile } from "node:fs/promises";
import { freemem, totalmem } from "node:os";
import { formatBytes } from "./formatBytes.js";

export type MemoryUsage = {
  /** Human readable with a unit suffix, e.g. "23G". */
  total: string;
  used: string;
  free: string;
  /** What programs can still get without swapping (free + reclaimable caches). */
  available: string;
};

/**
 * Memory usage like `free -h`: from /proc/meminfo where it exists (used = total − available),
 * otherwise from `os.totalmem()` / `os.freemem()`.
 *
 * @example
 * const { total, available } = await readMemory();
 */
export async function readMemory(meminfoPath = "/proc/meminfo"): Promise<MemoryUsage> {
  const meminfo = await readFile(meminfoPath, "utf8").catch(() => "");
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(meminfo);
    return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
  };
  const total = kib("MemTotal") ?? totalmem();
  const free = kib("MemFree") ?? freemem();
  const available = kib("MemAvailable") ?? free;
  return {
    total: formatBytes(total),
    used: formatBytes(total - available),
    free: formatBytes(free),
    available: formatBytes(available),
  };
}
