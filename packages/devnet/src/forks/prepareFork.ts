import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DevnetStartError } from "../errors.js";
import { originOf, parentHasStateAt, readParentHead } from "./readParentHead.js";

/** The chain a devnet forks, its block pinned. */
export type PinnedFork = { url: string; block: bigint };

/** What `<state file>.fork.json` records of the chain a state file was forked from. */
type ForkRecord = { origin: string; urlSha256: string; block: string };

/**
 * The devnet's fork pinned ({@link prepareFork}) into `settings`, or, for a chain of its own, its
 * state file checked not to be a fork's ({@link refuseForkedStateWithoutFork}).
 */
export async function pinFork(settings: {
  fork: { url: string; block: bigint | undefined } | undefined;
  statePath: string | undefined;
}): Promise<PinnedFork | undefined> {
  if (!settings.fork) {
    if (settings.statePath !== undefined) refuseForkedStateWithoutFork(settings.statePath);
    return undefined;
  }
  const pinned = await prepareFork(settings.fork, settings.statePath);
  settings.fork = pinned;
  return pinned;
}

/**
 * Pins a devnet's fork before anvil starts: the parent must answer and hold `block` (default: its
 * head, read now), else a `DEVNET_START_FAILED` that says so in a sentence. With a state file the
 * fork is recorded beside it (`<state file>.fork.json`): a restart forks the same parent at the same
 * block again and loads the state on top, as it was; a state file of another chain (not forked, or
 * forked from another URL or block) is refused rather than mixed with this fork's.
 *
 * @example
 * const fork = await prepareFork({ url: "http://127.0.0.1:8545", block: undefined }, statePath);
 */
export async function prepareFork(
  fork: { url: string; block: bigint | undefined },
  statePath: string | undefined,
): Promise<PinnedFork> {
  // A record without its state file is of a start that never wrote one: forked anew.
  const recorded = statePath !== undefined && existsSync(statePath) ? readRecord(statePath) : undefined;
  const urlSha256 = sha256(fork.url);
  if (recorded) {
    if (
      recorded.urlSha256 !== urlSha256 ||
      (fork.block !== undefined && fork.block !== BigInt(recorded.block))
    )
      throw new DevnetStartError(
        `the state file ${statePath} holds a fork of ${recorded.origin} at block ${recorded.block}, not of this URL and block: move it aside (or use another data dir) to start a new fork`,
        "",
      );
  } else if (statePath !== undefined && existsSync(statePath)) {
    throw new DevnetStartError(
      `the state file ${statePath} holds a chain that was not forked: move it aside (or use another data dir) to fork`,
      "",
    );
  }
  const parent = await readParentHead(fork.url);
  if ("unreachable" in parent)
    throw new DevnetStartError(`the fork URL cannot be used: ${parent.unreachable}`, "");
  const block = recorded ? BigInt(recorded.block) : (fork.block ?? parent.head);
  if (block > parent.head)
    throw new DevnetStartError(
      `forkBlock ${block} is beyond the head of ${originOf(fork.url)} (block ${parent.head})`,
      "",
    );
  if (!(await parentHasStateAt(fork.url, block)))
    throw new DevnetStartError(
      `${originOf(fork.url)} no longer holds the state of block ${block} (a node keeps a window of recent states): fork a later block`,
      "",
    );
  if (statePath !== undefined && !recorded) {
    const record: ForkRecord = { origin: originOf(fork.url), urlSha256, block: block.toString() };
    writeFileSync(recordPath(statePath), `${JSON.stringify(record, null, 2)}\n`);
  }
  return { url: fork.url, block };
}

/**
 * Refuses to load a forked chain's state file without its fork: it holds only what the fork
 * changed and read, not the parent's state it stands on.
 */
export function refuseForkedStateWithoutFork(statePath: string): void {
  const recorded = readRecord(statePath);
  if (recorded && existsSync(statePath))
    throw new DevnetStartError(
      `the state file ${statePath} holds a fork of ${recorded.origin} at block ${recorded.block}: start with that forkUrl again, or move the state file and ${recordPath(statePath)} aside`,
      "",
    );
}

function recordPath(statePath: string): string {
  return `${statePath}.fork.json`;
}

function readRecord(statePath: string): ForkRecord | undefined {
  const path = recordPath(statePath);
  if (!existsSync(path)) return undefined;
  try {
    const record = JSON.parse(readFileSync(path, "utf8")) as Partial<ForkRecord>;
    if (
      typeof record.urlSha256 === "string" &&
      typeof record.block === "string" &&
      /^\d+$/.test(record.block)
    )
      return { origin: String(record.origin), urlSha256: record.urlSha256, block: record.block };
  } catch {
    // unreadable: said below
  }
  throw new DevnetStartError(`${path} is not a fork record privnet wrote: move it aside`, "");
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
