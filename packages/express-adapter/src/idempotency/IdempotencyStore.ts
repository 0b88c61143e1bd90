import { createHash } from "node:crypto";
import type { StorageAdapter } from "@privnet/core";
import { HttpError } from "../http/HttpError.js";

/** An answer as it is replayed: status and JSON body. */
export type StoredAnswer = { status: number; body: unknown };

type StoredOutcome = StoredAnswer & {
  route: string;
  /** sha256 of the request body (never the body itself: send-direct's holds a private key). */
  fingerprint: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
};

export type IdempotencyStoreOptions = {
  /** How long an answer is replayed. Default: 24 hours. */
  retentionMs?: number;
};

/** Header names of the protocol. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/**
 * Remembers the answer of each request sent with an `Idempotency-Key`, in the platform's storage
 * (`state`, under `admin.idempotency.<sha256 of the key>`), so that it survives a restart and is
 * shared by every server on one database. The whole request runs under the storage lock of its
 * key: a duplicate that arrives while the first still runs waits for it and then gets its answer.
 *
 * @example
 * const store = createIdempotencyStore(platform.storage);
 * const { answer, replayed } = await store.run(key, { route: "/send", body }, () => execute());
 */
export function createIdempotencyStore(storage: StorageAdapter, options: IdempotencyStoreOptions = {}) {
  const retentionMs = options.retentionMs ?? 24 * 60 * 60 * 1000;
  return {
    async run(
      key: string,
      request: { route: string; body: unknown },
      execute: () => Promise<StoredAnswer>,
    ): Promise<{ answer: StoredAnswer; replayed: boolean }> {
      const stateKey = `admin.idempotency.${sha256(key)}`;
      const fingerprint = sha256(stableJson(request.body));
      return storage.withLock(stateKey, async () => {
        const stored = await storage.state.get<StoredOutcome>(stateKey);
        if (stored && Date.now() - Date.parse(stored.createdAt) < retentionMs) {
          if (stored.route !== request.route || stored.fingerprint !== fingerprint) {
            throw new HttpError(
              422,
              "IDEMPOTENCY_KEY_REUSED",
              `This Idempotency-Key was already used for another request (${stored.route} with a different body); use a new key for a new request.`,
            );
          }
          return { answer: { status: stored.status, body: stored.body }, replayed: true };
        }
        const answer = await execute();
        const outcome: StoredOutcome = {
          ...answer,
          route: request.route,
          fingerprint,
          createdAt: new Date().toISOString(),
        };
        await storage.state.set(stateKey, outcome);
        return { answer, replayed: false };
      });
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/**
 * Checks an `Idempotency-Key` header: 1 to 255 visible ASCII characters (a UUID is typical).
 * Absent gives undefined.
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new HttpError(
      400,
      "INVALID_IDEMPOTENCY_KEY",
      "The Idempotency-Key header must be one value of 1 to 255 visible ASCII characters, e.g. a UUID.",
    );
  }
  return value;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** JSON with object keys sorted, so that the same body always has the same fingerprint. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableJson(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
