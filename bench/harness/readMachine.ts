import { cpus, loadavg, release, totalmem, type } from "node:os";
import type { Machine } from "./Figure.js";

/** The machine this process runs on, with its load average now. */
export function readMachine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? "unknown",
    cores: cores.length,
    memoryGiB: Number((totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    os: `${type()} ${release()} ${process.arch}`,
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    startedAt: new Date().toISOString(),
  };
}
