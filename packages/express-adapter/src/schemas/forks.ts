import type { ForkInfo } from "@privnet/core";
import { z } from "zod";
import { isoTimestamp } from "./fields.js";

// Throwaway forks over HTTP: block numbers as integers, times ISO 8601, the fork's URL as the
// stack serves it (loopback).

export const forkIdParams = z.object({
  id: z
    .string()
    .regex(/^fork-[0-9a-f]{8}$/, { error: "a fork id: fork- and 8 hex digits" })
    .describe("The fork's id, e.g. fork-3f9a1c2e."),
});

export const forkBody = z
  .object({
    id: z.string().describe("Unique among the running forks."),
    name: z.string(),
    rpcUrl: z
      .string()
      .describe(
        "The fork's JSON-RPC URL (HTTP; the same port answers WebSocket): a loopback port of the stack's machine.",
      ),
    block: z.number().int().nonnegative().describe("The chain's block the fork started from."),
    chainId: z.number().int().describe("privnet's chain id, 3151908."),
    pid: z.number().int().describe("The fork node's process id."),
    createdAt: isoTimestamp,
    expiresAt: isoTimestamp.describe("The fork is stopped and removed then."),
  })
  .meta({ id: "Fork" });

export const forkList = z.object({
  available: z.boolean().describe("Whether this server can start forks (the embedded devnet's pool)."),
  limit: z.number().int().describe("How many forks may run at once."),
  forks: z.array(forkBody).describe("The running forks, oldest first."),
});

export function toForkBody(fork: ForkInfo): z.input<typeof forkBody> {
  return { ...fork, block: Number(fork.block) };
}
