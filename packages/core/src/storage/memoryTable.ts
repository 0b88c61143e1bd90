/**
 * One part of `memoryStorage()`: its share of the adapter's methods, and a copy of its rows for a
 * snapshot, which `load` puts back on restore.
 */
export type MemoryTable<Methods, Rows> = {
  readonly methods: Methods;
  copy(): Rows;
  load(rows: Rows): void;
};
