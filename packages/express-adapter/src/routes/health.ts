import { defineRoute } from "@privnet/http";
import { z } from "zod";

export const healthResponse = z
  .object({
    status: z.literal("ok"),
    blockNumber: z.int().nonnegative().describe("Latest block number."),
  })
  .meta({ id: "Health" });

export const health = defineRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  summary: "Liveness and chain reachability",
  description: "Answers without a token even when the API requires one, for load balancers and probes.",
  tag: "system",
  public: true,
  response: healthResponse,
  errors: { 503: "The chain does not answer." },
  async handler({ platform }) {
    const { blockNumber } = await platform.network.info();
    return { status: "ok" as const, blockNumber: Number(blockNumber) };
  },
});
