import { expect, test } from "vitest";
import { createKeyedMutex } from "./keyedMutex.js";

test("runs the holders of one key one at a time, in call order, even when one throws", async () => {
  const mutex = createKeyedMutex();
  const events: string[] = [];
  let inside = 0;
  const hold = (name: string, fail = false) =>
    mutex.run("0xabc", async () => {
      inside++;
      expect(inside).toBe(1);
      events.push(`${name}:start`);
      await Promise.resolve();
      events.push(`${name}:end`);
      inside--;
      if (fail) throw new Error(name);
      return name;
    });
  const results = await Promise.allSettled([hold("a"), hold("b", true), hold("c")]);
  expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(events).toEqual(["a:start", "a:end", "b:start", "b:end", "c:start", "c:end"]);
});

test("different keys do not wait for each other", async () => {
  const mutex = createKeyedMutex();
  let releaseFirst!: () => void;
  const first = mutex.run("one", () => new Promise<void>((resolve) => (releaseFirst = resolve)));
  // Resolves although "one" is still held.
  await expect(mutex.run("two", async () => "done")).resolves.toBe("done");
  releaseFirst();
  await first;
});
