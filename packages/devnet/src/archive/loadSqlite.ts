type NodeSqlite = typeof import("node:sqlite");

let loaded: NodeSqlite | undefined;

/**
 * `node:sqlite` (Node >= 22.13), without the "SQLite is an experimental feature" warning it prints
 * once as it loads: the devnet's user did not choose the experimental API, and the warning reads
 * like a fault. Only that warning, only while the module loads, is dropped. The same as
 * `@privnet/storage-sqlite`'s loader, kept apart on purpose: that package tests against the
 * devnet, and this runs in the relay's worker thread, which loads source through Node's type
 * stripping — `@privnet/core/internal`'s barrel pulls in files it cannot strip.
 */
export function loadSqlite(): NodeSqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function dropSqliteWarning(
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
  if (!loaded)
    throw new Error(
      `node:sqlite is not available in Node ${process.versions.node}; privnet needs Node >= 22.13`,
    );
  return loaded;
}
