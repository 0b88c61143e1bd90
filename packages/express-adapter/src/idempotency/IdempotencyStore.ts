import { createHash } from "node:crypto";
import type { StorageAdapter } from "@privnet/core";
import { HttpError } from "@privnet/http";

/** An answer as it is replayed: status and JSON body. */
export type StoredAnswer = { status: number; body: unknown };

type StoredEntry = {
  route: string;
  /** sha256 of the request body (never the body itself: send-direct's holds a private key). */
  fingerprint: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
} & (
  | { state: "running" /** ms since epoch; after it a crashed runner's claim lapses. */; claimUntil: number }
  | ({ state: "done" } & StoredAnswer)
);

export type IdempotencyStoreOptions = {
  /** How long an answer is replayed. Default: 24 hours. */
  retentionMs?: number;
  /**
   * How long a claim of a request that is running holds when its process died without answering.
   * Default: 10 minutes (a send-direct waits for its block, and for replacements of its fee).
   */
  claimMs?: number;
  /** How often a duplicate polls for the answer of a request running in another process. Default: 100 ms. */
  pollMs?: number;
};

/** Header names of the protocol. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/**
 * Remembers the answer of each request sent with an `Idempotency-Key`, in the platform's storage
 * (`state`, under `admin.idempotency.<sha256 of the key>`), so that it survives a restart and is
 * shared by every server on one database.
 *
 * A request first claims its key (a short critical section under the storage lock of the key),
 * then runs without holding the lock — holding it for the whole send could exhaust a database's
 * lock connections that the sender itself needs — and stores its answer. A duplicate that arrives
 * meanwhile waits for that answer: in the same process on the running promise, from another
 * process by polling the stored entry.
 *
 * @example
 * const store = createIdempotencyStore(platform.storage);
 * const { answer, replayed } = await store.run(key, { route: "/send", body }, () => execute());
 */
export function createIdempotencyStore(storage: StorageAdapter, options: IdempotencyStoreOptions = {}) {
  const retentionMs = options.retentionMs ?? 24 * 60 * 60 * 1000;
  const claimMs = options.claimMs ?? 10 * 60 * 1000;
  const pollMs = options.pollMs ?? 100;
  const runningHere = new Map<string, Promise<unknown>>();

  const reusedError = (entry: StoredEntry) =>
    new HttpError(
      "IDEMPOTENCY_KEY_REUSED",
      `This Idempotency-Key was already used for another request (${entry.route} with a different body); use a new key for a new request.`,
    );

  return {
    async run(
      key: string,
      request: { route: string; body: unknown },
      execute: () => Promise<StoredAnswer>,
    ): Promise<{ answer: StoredAnswer; replayed: boolean }> {
      const stateKey = `admin.idempotency.${sha256(key)}`;
      const fingerprint = sha256(stableJson(request.body));
      for (;;) {
        const local = runningHere.get(stateKey);
        if (local) await local.catch(() => {});

        const decision = await storage.withLock(stateKey, async () => {
          const entry = await storage.state.get<StoredEntry>(stateKey);
          const live =
            entry &&
            (entry.state === "running"
              ? entry.claimUntil > Date.now()
              : Date.now() - Date.parse(entry.createdAt) < retentionMs);
          if (entry && live) {
            if (entry.route !== request.route || entry.fingerprint !== fingerprint) throw reusedError(entry);
            return entry.state === "done"
              ? ({ kind: "replay", answer: { status: entry.status, body: entry.body } } as const)
              : ({ kind: "wait" } as const);
          }
          const claim: StoredEntry = {
            state: "running",
            route: request.route,
            fingerprint,
            createdAt: new Date().toISOString(),
            claimUntil: Date.now() + claimMs,
          };
          await storage.state.set(stateKey, claim);
          return { kind: "execute" } as const;
        });

        if (decision.kind === "replay") return { answer: decision.answer, replayed: true };
        if (decision.kind === "wait") {
          // Running in another process (or in this one, between its claim and its promise).
          await new Promise((resolve) => setTimeout(resolve, pollMs));
          continue;
        }

        const running = (async () => {
          const answer = await execute();
          const done: StoredEntry = {
            state: "done",
            ...answer,
            route: request.route,
            fingerprint,
            createdAt: new Date().toISOString(),
          };
          await storage.state.set(stateKey, done);
          return answer;
        })();
        runningHere.set(stateKey, running);
        try {
          return { answer: await running, replayed: false };
        } catch (error) {
          // The answer could not be stored (the database went away): free the key rather than
          // leave it claimed, so that the client is not blocked until the claim lapses.
          await storage.state.delete(stateKey).catch(() => {});
          throw error;
        } finally {
          runningHere.delete(stateKey);
        }
      }
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
