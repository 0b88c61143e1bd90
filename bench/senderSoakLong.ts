/**
 * The sender over 100,000 sends, in a process of its own, with 1 s blocks, sent the way
 * `bench/senderSoak.ts` sends (batches of 1,000 queued at once from one wallet, the sender keeping
 * its window in flight):
 *
 * - `rss_after_100k_sends`: resident memory after the 100,000 sends, once they are confirmed and
 *   after a pause and a garbage collection, as a ratio to the same after the first 10,000 in the
 *   same process, with the sqlite storage `privnet up` uses (as `rss_after_10k_sends`). Flat is
 *   the target (≤ 1.1): what the platform keeps in memory per send (caches, followed
 *   transactions, receipts) must be bounded, so that 90,000 more sends cost no more memory.
 * - `heap_after_100k_sends`: the same for the JavaScript heap in use.
 *
 * With `--storage memory` (the default of `createPlatform`), the same figures are written as
 * `rss_after_100k_sends_memory` and `heap_after_100k_sends_memory`. The memory storage keeps every
 * record (it is the user's database) and the explorer's index keeps blocks within its retention:
 * both grow with the sends, by design, and these figures show by how much.
 *
 *   pnpm bench:soak-long                     # 100 batches of 1,000, sqlite
 *   pnpm bench:soak-long --storage memory    # the same with the memory storage
 *   pnpm bench:soak-long --batches 30        # 30,000 sends (the figure's names stay)
 */
import { parseArgs } from "node:util";
import {
  collectGarbage,
  figure,
  type MemoryReading,
  recordFigures,
  settledMemory,
  startSoak,
} from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    batches: { type: "string", default: "100" },
    batch: { type: "string", default: "1000" },
    storage: { type: "string", default: "sqlite" },
  },
});
if (args.storage !== "sqlite" && args.storage !== "memory") {
  throw new Error(`--storage is sqlite or memory, not ${args.storage}`);
}
const inMemory = args.storage === "memory";
/** The figures' names: the memory storage's have their own. */
const suffix = inMemory ? "_memory" : "";
const batches = Number(args.batches);
const batchSize = Number(args.batch);
const sends = batches * batchSize;
/** The point compared with: the short soak's count. */
const early = 10_000;
const collect = collectGarbage();

const { platform, batch, stop } = await startSoak({ storage: inMemory ? "memory" : "sqlite" }, batchSize);
try {
  const started = performance.now();
  const warm = await settledMemory(platform, collect);
  let atEarly: (MemoryReading & { reduced: MemoryReading }) | undefined;
  for (let index = 0; index < batches; index++) {
    const { wall, cpu } = await batch();
    const done = (index + 1) * batchSize;
    if (done % 10_000 === 0 || index === batches - 1) {
      console.log(
        `sends ${done}: ${wall.toFixed(3)} ms per send, ${cpu.toFixed(3)} ms CPU, resident ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    if (done === early) atEarly = await settledMemory(platform, collect);
  }
  const after = await settledMemory(platform, collect);
  if (!atEarly) throw new Error(`--batches × --batch must pass ${early} sends`);
  console.log(
    `resident memory under memory pressure: ${warm.reduced.rss.toFixed(1)} MB after the warm-up, ${atEarly.reduced.rss.toFixed(1)} MB after ${early} sends, ${after.reduced.rss.toFixed(1)} MB after ${sends}`,
  );
  console.log(
    `resident memory: ${warm.rss.toFixed(1)} MB after the warm-up, ${atEarly.rss.toFixed(1)} MB after ${early} sends, ${after.rss.toFixed(1)} MB after ${sends}; heap used ${warm.heapUsed.toFixed(1)}, ${atEarly.heapUsed.toFixed(1)}, ${after.heapUsed.toFixed(1)} MB; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  );
  recordFigures({
    [`rss_after_100k_sends${suffix}`]: figure(
      after.reduced.rss,
      atEarly.reduced.rss,
      "MB",
      `resident memory of the process after ${sends} sendFromWallet calls (${args.storage} storage, 1 s blocks), all confirmed, a 2 s pause and a collection as under memory pressure, vs the same after the first ${early} in the same process`,
    ),
    [`rss_after_100k_sends${suffix}_regular_gc`]: figure(
      after.rss,
      atEarly.rss,
      "MB",
      `the same after a regular full collection: with the pages V8 keeps after the bursts' peaks`,
    ),
    [`heap_after_100k_sends${suffix}`]: figure(
      after.heapUsed,
      atEarly.heapUsed,
      "MB",
      `JavaScript heap in use after ${sends} sendFromWallet calls (${inMemory ? "memory storage: every record kept" : "sqlite storage"}), all confirmed, a 2 s pause and a collection, vs the same after the first ${early}`,
    ),
  });
} finally {
  await stop();
}
