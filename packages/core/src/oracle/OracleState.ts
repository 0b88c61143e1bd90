import { z } from "zod";
import type { PriceModelConfig } from "./models/PriceModel.js";

/** The `storage.state` key of the oracle simulator's state. */
export const ORACLE_STATE_KEY = "oracle.state";

const modelConfig = z.union([
  z.object({ type: z.literal("seed"), variation: z.number() }),
  z.object({
    type: z.literal("gbm"),
    volatility: z.number(),
    drift: z.number().optional(),
    meanReversion: z.number().optional(),
  }),
  z.object({ type: z.literal("fixed") }),
]);

const storedState = z.object({
  frozen: z.boolean(),
  /** Base prices moved by setPrice, crash and depeg (USD). */
  bases: z.record(z.string(), z.number()),
  /** Models replaced by a scenario (depeg fixes a price). */
  models: z.record(z.string(), modelConfig),
  /** Symbols added by setPrice, with their price keys. */
  custom: z.record(z.string(), z.string()),
  /** A crash in progress: a straight line from `from` to `to` over `overSeconds`. */
  ramp: z
    .object({
      symbol: z.string(),
      from: z.number(),
      to: z.number(),
      startedAt: z.number(),
      overSeconds: z.number(),
    })
    .nullable(),
  lastPush: z
    .object({ hash: z.string(), blockNumber: z.string(), at: z.string(), reason: z.string() })
    .nullable(),
});

/** What survives a restart of the simulator: frozen or not, scenarios, moved bases, the last push. */
export type OracleState = Omit<z.infer<typeof storedState>, "models"> & {
  models: Record<string, PriceModelConfig>;
};

export const emptyOracleState = (): OracleState => ({
  frozen: false,
  bases: {},
  models: {},
  custom: {},
  ramp: null,
  lastPush: null,
});

/** Reads the stored state; a missing or unreadable one is the empty state. */
export function parseOracleState(value: unknown): OracleState {
  const parsed = storedState.safeParse(value);
  return parsed.success ? (parsed.data as OracleState) : emptyOracleState();
}
