import { InvalidOptionsError } from "../errors/platform.js";
import type { StorageSnapshotId } from "./StorageAdapter.js";

/** What `restore()` of every adapter throws for an id it does not hold. */
export function unknownSnapshot(adapter: string, id: StorageSnapshotId) {
  return new InvalidOptionsError(
    `The ${adapter} storage holds no snapshot ${JSON.stringify(id)}.`,
    "A snapshot is forgotten once restored: take a new one to go back to the same point again.",
  );
}
