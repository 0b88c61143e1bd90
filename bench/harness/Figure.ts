/** One figure of `bench/results/latest.json`: a value, the baseline measured in the same run, their ratio. */
export type Figure = {
  value: number;
  baseline: number;
  /** value / baseline. */
  ratio: number;
  /** Unit of `value` and `baseline` ("tx/s", "s", "ms", "gas", "MB", …). */
  unit: string;
  /** What was measured, and what the baseline is. */
  work: string;
};

/** The machine a run was measured on. */
export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** 1, 5 and 15 minute load averages when the run started (the machine is shared). */
  loadAverage: number[];
  startedAt: string;
  /** The same when the run ended (written by `pnpm bench`): other work may have started meanwhile. */
  loadAverageAtEnd?: number[];
};

export type BenchResults = { figures: Record<string, Figure>; machine: Machine };

/**
 * Makes a figure from a value and its baseline; the ratio is value / baseline, rounded for
 * reading (3 significant digits), the inputs kept as measured (2 decimals).
 */
export function figure(value: number, baseline: number, unit: string, work: string): Figure {
  const round = (number: number, digits: number) => Number(number.toFixed(digits));
  return {
    value: round(value, 2),
    baseline: round(baseline, 2),
    ratio: baseline === 0 ? 0 : Number((value / baseline).toPrecision(3)),
    unit,
    work,
  };
}
