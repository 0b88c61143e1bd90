/**
 * What the sends of `bench/senderSoak.ts` leave in the JavaScript heap: the same warm-up and
 * batches, a heap snapshot (`node:v8` `writeHeapSnapshot`) once the warm-up has settled and
 * another once every send has, and the classes the second holds anew, by bytes, with what holds
 * them (`bench/harness/heapSnapshots.ts`). The process's memory is read before each snapshot
 * (writing one costs memory of its own), split into the heap in use, what V8 has committed, and
 * the rest of the resident size.
 *
 *   pnpm exec tsx --conditions=source bench/senderHeapDiff.ts                    # 10,000 sends, sqlite
 *   pnpm exec tsx --conditions=source bench/senderHeapDiff.ts --storage memory --sends 20000
 *   pnpm exec tsx --conditions=source bench/senderHeapDiff.ts --keep /tmp/heap   # keeps both snapshots
 *   pnpm exec tsx --conditions=source bench/senderHeapDiff.ts --storage memory --first 10000 --sends 90000
 *   pnpm exec tsx --conditions=source bench/senderHeapDiff.ts --during 400       # alive in the middle of a batch
 *
 * Informational: it records no figure.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getHeapSpaceStatistics, writeHeapSnapshot } from "node:v8";
import {
  collectGarbage,
  diffHeapSnapshots,
  formatMemory,
  readHeapSnapshot,
  readMemory,
  settledMemory,
  startSoak,
} from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    sends: { type: "string", default: "10000" },
    // Sends before the first snapshot (after the warm-up): `--first 10000 --sends 90000` compares
    // 100,000 sends with 10,000.
    first: { type: "string", default: "0" },
    // The explorer's index off (`createPlatform({ explorer: false })`), to tell its share.
    "no-explorer": { type: "boolean", default: false },
    batch: { type: "string", default: "1000" },
    storage: { type: "string", default: "sqlite" },
    top: { type: "string", default: "25" },
    keep: { type: "string" },
    // Compares the snapshot taken before the sends with one taken this many ms into the middle
    // batch (what is alive at the peak of a burst) instead of one taken after them.
    during: { type: "string" },
  },
});
const batchSize = Number(args.batch);
const batches = Math.ceil(Number(args.sends) / batchSize);
const collect = collectGarbage();

const snapshotDir = args.keep ?? mkdtempSync(join(tmpdir(), "privnet-bench-heap-"));
mkdirSync(snapshotDir, { recursive: true });
let files: [string, string] | undefined;
const { platform, batch, stop } = await startSoak(
  {
    storage: args.storage === "memory" ? "memory" : "sqlite",
    ...(args["no-explorer"] ? { explorer: false } : {}),
  },
  batchSize,
);
try {
  for (let sent = 0; sent < Number(args.first); sent += batchSize) await batch();
  const before = await settledMemory(platform, collect);
  const beforeSpaces = getHeapSpaceStatistics();
  const beforeFile = writeHeapSnapshot(join(snapshotDir, "before.heapsnapshot"));
  let duringFile: string | undefined;
  for (let index = 0; index < batches; index++) {
    const sent = batch();
    if (args.during !== undefined && index === Math.floor(batches / 2)) {
      await new Promise((resolve) => setTimeout(resolve, Number(args.during)));
      console.log(`${args.during} ms into batch ${index + 1}: ${formatMemory(readMemory())}`);
      duringFile = writeHeapSnapshot(join(snapshotDir, "during.heapsnapshot"));
    }
    await sent;
  }
  const after = await settledMemory(platform, collect);
  const afterSpaces = getHeapSpaceStatistics();
  const afterFile = duringFile ?? writeHeapSnapshot(join(snapshotDir, "after.heapsnapshot"));
  files = [beforeFile, afterFile];
  const delta = (field: "rss" | "heapUsed" | "heapTotal" | "newSpace" | "external") =>
    `${(after[field] - before[field]).toFixed(1)} MB`;
  console.log(
    `after ${batches * batchSize} sends (${args.storage} storage${args["no-explorer"] ? ", no explorer" : ""}): resident +${delta("rss")}, heap in use +${delta("heapUsed")}, heap committed +${delta("heapTotal")} (young generation +${delta("newSpace")}), external +${delta("external")}, resident outside the heap +${(after.rss - after.heapTotal - (before.rss - before.heapTotal)).toFixed(1)} MB`,
  );
  // What V8 has committed for each space against what the objects in it use.
  for (const space of afterSpaces) {
    const earlier = beforeSpaces.find((entry) => entry.space_name === space.space_name);
    const mb = (bytes: number | undefined) => `${((bytes ?? 0) / 2 ** 20).toFixed(1)}`;
    console.log(
      `  ${space.space_name.padEnd(26)} committed ${mb(earlier?.space_size).padStart(6)} → ${mb(space.space_size).padStart(6)} MB, used ${mb(earlier?.space_used_size).padStart(6)} → ${mb(space.space_used_size).padStart(6)} MB`,
    );
  }
} finally {
  await stop();
}
if (files) {
  const growth = diffHeapSnapshots(readHeapSnapshot(files[0]), readHeapSnapshot(files[1]));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
  const total = growth.reduce((sum, entry) => sum + entry.newBytes, 0);
  const when = args.during === undefined ? "after the sends" : `${args.during} ms into the middle batch`;
  console.log(`\nobjects alive ${when} that were not before them: ${kb(total)} in all; by class:`);
  console.log(
    `${"class".padEnd(44)} ${"new".padStart(8)} ${"bytes".padStart(10)}  ${"count before → after".padStart(22)}  held by`,
  );
  for (const entry of growth.slice(0, Number(args.top))) {
    const held = entry.heldBy.map((holder) => `${holder.by} (${kb(holder.bytes)})`).join(", ");
    console.log(
      `${entry.className.slice(0, 44).padEnd(44)} ${String(entry.newCount).padStart(8)} ${kb(entry.newBytes).padStart(10)}  ${`${entry.countBefore} → ${entry.countAfter}`.padStart(22)}  ${held}`,
    );
  }
}
if (args.keep) console.log(`snapshots kept in ${args.keep}`);
else rmSync(snapshotDir, { recursive: true, force: true });
