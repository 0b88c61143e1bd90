import type { Address } from "viem";

export type BotStatus = "Running" | "Stopped";

/** Where a bot is in its auto-restart: how often its setup failed in a row, and when it tries again. */
export type BotRestartStatus = {
  /** "ok": setup ran (or has not failed); "backoff": setup failed and is tried again at `nextAttemptAt`. */
  state: "ok" | "backoff";
  /** Setup failures in a row (0 once it ran). */
  failures: number;
  /** The pause before the next attempt, ms; null when not in backoff. */
  backoffMs: number | null;
  /** ISO 8601 UTC; null when not in backoff. */
  nextAttemptAt: string | null;
  /** Times the bot's run was restarted (setup run again) after its ticks kept failing. */
  restarts: number;
};

/** A bot's controls as they stand: throughput, wallet pool and restarts. */
export type BotRunnerControls = {
  throughput: { txPerBlock: number | null; txPerSecond: number | null; released: number };
  wallets: { seed: string; addresses: Address[]; topUps: number; batches: number } | null;
  restart: BotRestartStatus;
};

/** The answer of start and stop: the bot's status afterwards, and whether it changed. */
export type BotTransition = { bot: string; status: BotStatus; changed: boolean; message: string };
