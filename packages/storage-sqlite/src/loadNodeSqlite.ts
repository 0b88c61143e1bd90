import { StorageOpenFailedError } from "@privnet/core";

type NodeSqlite = typeof import("node:sqlite");

let loaded: NodeSqlite | undefined;

/**
 * Loads `node:sqlite` without its one-time "SQLite is an experimental feature" ExperimentalWarning:
 * privnet users did not choose the experimental API, and the warning on every start reads like a
 * fault. Only that warning, only while the module loads, is dropped; every other warning passes.
 * Run node with `--no-warnings` or watch `process.on("warning")` for everything else as usual.
 */
export function loadNodeSqlite(path: string): NodeSqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function filterSqliteWarning(
    this: unknown,
    warning: string | Error,
    ...rest: unknown[]
  ) {
    const option = rest[0];
    const type = typeof option === "string" ? option : (option as { type?: string } | undefined)?.type;
    const text = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && text.startsWith("SQLite ")) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = process.getBuiltinModule?.("node:sqlite") as NodeSqlite | undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
  if (!loaded) {
    throw new StorageOpenFailedError("sqlite", path, {
      details: `node:sqlite is not available in Node ${process.versions.node}; privnet needs Node >= 22.13.`,
    });
  }
  return loaded;
}
