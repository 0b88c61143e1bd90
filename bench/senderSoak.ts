/**
 * The sender over 10,000 sends, in a process of its own (so that its memory is the sender's),
 * with the sqlite storage `privnet up` uses (a fresh file) and 1 s blocks:
 *
 * - `sender_cost_growth`: this process's CPU time per send over the last 1,000 of 10,000
 *   `sendFromWallet` calls as a ratio to the same over the first 1,000 (after a warm-up): what
 *   stays behind per send (history, watched transactions, caches) must not make later sends
 *   costlier. CPU time, not wall time: on a shared machine the load of other work changes over a
 *   run and would show as growth (wall time per send is printed beside it).
 * - `rss_after_10k_sends`: resident memory after the 10,000 sends, once they are confirmed and
 *   after a pause and a garbage collection, as a ratio to the same before them.
 * - `heap_after_10k_sends`: the same for the JavaScript heap in use: what the process keeps, apart
 *   from the memory V8 and the allocator keep committed after the peak of a burst.
 *
 * Each batch of 1,000 is queued at once; the sender keeps `maxInFlight` (64) in flight.
 *
 *   pnpm bench:soak                       # 10 batches of 1,000
 *   pnpm bench:soak --batches 20 --batch 500
 */
import { parseArgs } from "node:util";
import {
  type BatchCost,
  collectGarbage,
  figure,
  recordFigures,
  residentByMapping,
  settledMemory,
  startSoak,
  trackPeakHeap,
} from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    batches: { type: "string", default: "10" },
    batch: { type: "string", default: "1000" },
  },
});
const batches = Number(args.batches);
const batchSize = Number(args.batch);
const sends = batches * batchSize;

const collect = collectGarbage();

const { platform, batch, stop } = await startSoak({ storage: "sqlite" }, batchSize);
try {
  const before = await settledMemory(platform, collect);
  const mappingsBefore = residentByMapping();
  const peakHeap = trackPeakHeap();
  const perSend: BatchCost[] = [];
  for (let index = 0; index < batches; index++) {
    perSend.push(await batch());
    const { wall, cpu } = perSend.at(-1) ?? { wall: 0, cpu: 0 };
    console.log(
      `sends ${(index + 1) * batchSize}: ${wall.toFixed(3)} ms per send, ${cpu.toFixed(3)} ms CPU, resident ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
    );
  }
  const peak = peakHeap();
  const after = await settledMemory(platform, collect);
  const mappingsAfter = residentByMapping();
  const first = perSend[0]?.cpu ?? 0;
  const last = perSend.at(-1)?.cpu ?? 0;
  console.log(
    `resident memory: ${before.rss.toFixed(1)} MB before, ${after.rss.toFixed(1)} MB after ${sends} sends; heap used ${before.heapUsed.toFixed(1)} MB, then ${after.heapUsed.toFixed(1)} MB; heap committed ${before.heapTotal.toFixed(1)} MB, at most ${peak.toFixed(1)} MB during the sends, ${after.heapTotal.toFixed(1)} MB after; resident outside the heap (V8's page pool, malloc) ${(before.rss - before.heapTotal).toFixed(1)} MB, then ${(after.rss - after.heapTotal).toFixed(1)} MB`,
  );
  // V8 keeps the pages it freed after the peak mapped (and resident) for reuse: they show among
  // the anonymous mappings that are not malloc's, beside the heap it reports as committed.
  for (const [kind, mb] of Object.entries(mappingsAfter ?? {})) {
    console.log(
      `  resident in ${kind}: ${(mappingsBefore?.[kind] ?? 0).toFixed(1)} MB before, ${mb.toFixed(1)} MB after`,
    );
  }
  recordFigures({
    sender_cost_growth: figure(
      last,
      first,
      "ms",
      `sendFromWallet, sqlite storage, 1 s blocks: this process's CPU time per send over sends ${sends - batchSize + 1}–${sends} vs over sends 1–${batchSize} (after a warm-up of ${batchSize}), batches of ${batchSize} queued at once`,
    ),
    rss_after_10k_sends: figure(
      after.reduced.rss,
      before.reduced.rss,
      "MB",
      `resident memory of the process after ${sends} sendFromWallet calls (sqlite storage), all confirmed, a 2 s pause and a collection as under memory pressure (V8 gives back the pages it keeps for reuse), vs the same before them`,
    ),
    rss_after_10k_sends_regular_gc: figure(
      after.rss,
      before.rss,
      "MB",
      `the same after a regular full collection (the figure's reading until 2026-11-28): with the pages V8 keeps after the burst's peak`,
    ),
    heap_after_10k_sends: figure(
      after.heapUsed,
      before.heapUsed,
      "MB",
      `JavaScript heap in use after ${sends} sendFromWallet calls (sqlite storage), all confirmed, a 2 s pause and a collection, vs the same before them`,
    ),
  });
} finally {
  await stop();
}
