import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { isoTimestamp } from "../schemas/fields.js";

export const healthResponse = z
  .object({
    success: z.boolean().describe("False when the chain does not answer."),
    status: z
      .enum(["ok", "degraded", "down"])
      .describe("down: chain unreachable; degraded: frozen or the last push failed."),
    chain: z.object({ reachable: z.boolean(), blockNumber: z.int().nonnegative().nullable() }),
    contract: z.string().nullable().describe("The PriceOracle's address."),
    running: z.boolean().describe("The push loop runs."),
    frozen: z.boolean(),
    interval: z.int().positive().describe("Ms between pushes."),
    lastPush: z
      .object({
        at: isoTimestamp,
        ageSeconds: z.int().nonnegative(),
        txHash: z.string(),
        blockNumber: z.int().nonnegative(),
      })
      .nullable(),
    lastTxHash: z.string().nullable(),
    lastError: z.object({ message: z.string(), code: z.string().nullable(), at: isoTimestamp }).nullable(),
    consecutiveFailures: z.int().nonnegative(),
  })
  .meta({ id: "Health" });

export const health = defineRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  summary: "Push loop and chain status (503 when the chain does not answer)",
  tag: "system",
  response: healthResponse,
  public: true,
  successStatus: {
    statuses: {
      200: "The chain answers.",
      503: 'The chain does not answer: `success: false`, `status: "down"`.',
    },
    pick: (answer) => (answer.success ? 200 : 503),
  },
  errors: {},
  handler: async ({ platform }) => {
    // A fresh read of the head, through the platform's node client.
    const blockNumber = await platform.network.blockNumber().then(
      (value) => Number(value),
      () => null,
    );
    const status = platform.oracle.status();
    const last = status.lastPush;
    const reachable = blockNumber !== null;
    return {
      success: reachable,
      status: (!reachable ? "down" : status.frozen || status.lastError ? "degraded" : "ok") as
        | "ok"
        | "degraded"
        | "down",
      chain: { reachable, blockNumber },
      contract: status.contract,
      running: status.running,
      frozen: status.frozen,
      interval: status.interval,
      lastPush: last
        ? {
            at: last.at,
            ageSeconds: last.ageSeconds,
            txHash: last.hash,
            blockNumber: Number(last.blockNumber),
          }
        : null,
      lastTxHash: last?.hash ?? null,
      lastError: status.lastError,
      consecutiveFailures: status.consecutiveFailures,
    };
  },
});
