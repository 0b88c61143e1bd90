import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeHeapSnapshot } from "node:v8";
import { afterAll, expect, test } from "vitest";
import { diffHeapSnapshots, readHeapSnapshot } from "./heapSnapshots.js";

const dir = mkdtempSync(join(tmpdir(), "privnet-heap-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class KeptBetweenSnapshots {
  constructor(readonly index: number) {}
}
class KeptThroughout {}

test("objects alive in the later snapshot and not in the earlier are counted by class, with what holds them", () => {
  const throughout = Array.from({ length: 50 }, () => new KeptThroughout());
  const before = writeHeapSnapshot(join(dir, "before.heapsnapshot"));
  const holder = { kept: Array.from({ length: 1_000 }, (_, index) => new KeptBetweenSnapshots(index)) };
  const after = writeHeapSnapshot(join(dir, "after.heapsnapshot"));

  const growth = diffHeapSnapshots(readHeapSnapshot(before), readHeapSnapshot(after));
  const kept = growth.find((entry) => entry.className === "KeptBetweenSnapshots");
  expect(kept).toMatchObject({ newCount: 1_000, countBefore: 0, countAfter: 1_000 });
  expect(kept?.newBytes).toBeGreaterThan(0);
  expect(kept?.heldBy[0]).toMatchObject({ by: "Array.[n]", count: 1_000 });
  // Alive in both: not new.
  expect(growth.find((entry) => entry.className === "KeptThroughout")).toBeUndefined();
  expect(holder.kept).toHaveLength(1_000);
  expect(throughout).toHaveLength(50);
});
