import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { memoryStorage, type StorageAdapter } from "@privnet/core";
import { redactUrl, type StackSettings } from "../config/resolveSettings.js";

/**
 * The configured storage; each adapter's package is loaded only when it is the one used (pg is
 * not small), and a sqlite file's folder is made.
 */
export async function openStorage(settings: StackSettings): Promise<StorageAdapter> {
  const { storage } = settings;
  switch (storage.kind) {
    case "memory":
      return memoryStorage();
    case "postgres": {
      const { postgresStorage } = await import("@privnet/storage-postgres");
      return postgresStorage({ connectionString: storage.connectionString });
    }
    case "sqlite": {
      mkdirSync(dirname(storage.path), { recursive: true });
      const { sqliteStorage } = await import("@privnet/storage-sqlite");
      return sqliteStorage({ path: storage.path });
    }
  }
}

/** The storage for a person, a postgres password shown as `***`. */
export function describeStorage(settings: StackSettings): string {
  const { storage } = settings;
  switch (storage.kind) {
    case "memory":
      return "in memory (lost on stop)";
    case "postgres":
      return `postgres ${redactUrl(storage.connectionString)}`;
    case "sqlite":
      return `sqlite ${storage.path}`;
  }
}
