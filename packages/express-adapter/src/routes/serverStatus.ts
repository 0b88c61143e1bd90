import { defineRoute, serverStatus as readServerStatus } from "@privnet/http";
import { z } from "zod";
import { isoTimestamp } from "../schemas/fields.js";

/** Like `df -h` and `free -h`: "59G", "1.5K", "512B". */
const humanSize = z
  .string()
  .regex(/^\d+(\.\d)?[BKMGTP]$/)
  .describe('Human readable with a unit suffix, like df -h: "59G".');

const disk = z
  .object({
    filesystem: z.string(),
    size: humanSize,
    used: humanSize,
    available: humanSize,
    usePercent: z.int().min(0).max(100).describe("Used share of the space users can fill, like df's Use%."),
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
      memory: z.object({ total: humanSize, used: humanSize, free: humanSize, available: humanSize }),
      runtimeContainers: z
        .int()
        .nonnegative()
        .describe("Running containers when a Docker engine answers, else 0."),
      uptime: z
        .string()
        .regex(/^\d+d \d{1,2}h \d{1,2}m$/)
        .describe('Machine uptime, "<d>d <h>h <m>m".'),
      timestamp: isoTimestamp,
    })
    .meta({ id: "ServerStatus" }),
  errors: {},
  handler: () => readServerStatus(),
});
