import { serverStatus as readServerStatus } from "@privnet/core/server-status";
import { z } from "zod";
import { isoTimestamp } from "../schemas/fields.js";
import { defineRoute } from "./defineRoute.js";

const disk = z
  .object({
    filesystem: z.string(),
    size: z.string(),
    used: z.string(),
    available: z.string(),
    usePercent: z.string(),
    mountPoint: z.string(),
  })
  .meta({ id: "DiskUsage" });

export const serverStatus = defineRoute({
  method: "get",
  path: "/server-status",
  operationId: "getServerStatus",
  summary: "Disks, memory, running containers and uptime of the machine",
  description:
    'Sizes are human readable like `df -h` and `free -h` (e.g. "59G"); uptime is `<d>d <h>h <m>m`.',
  tag: "system",
  response: z
    .object({
      disks: z.array(disk),
      memory: z.object({ total: z.string(), used: z.string(), free: z.string(), available: z.string() }),
      runtimeContainers: z
        .int()
        .nonnegative()
        .describe("Running containers when a Docker engine answers, else 0."),
      uptime: z.string(),
      timestamp: isoTimestamp,
    })
    .meta({ id: "ServerStatus" }),
  errors: {},
  handler: () => readServerStatus(),
});
