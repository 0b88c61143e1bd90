/**
 * Runs `task(index)` for every index below `count`, `concurrency` at a time (each slot takes the
 * next index as soon as its task settles), and answers how many ran per second.
 */
export async function runConcurrently(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}
