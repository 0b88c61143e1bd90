import { BotUnsupportedError, ChainUnreachableError } from "@privnet/core";
import type { PublicClient } from "viem";

/** A fork a scenario may need, with what gives it away in a block header. */
export type Fork = "cancun" | "prague";

const REQUIREMENTS: Record<Fork, string> = {
  cancun: "Cancun (EIP-4844 blob transactions)",
  prague: "Prague (EIP-7702 set-code transactions)",
};

/**
 * Which of the forks a scenario may need the node's chain has, read off its latest block: Cancun
 * brought `excessBlobGas` and `parentBeaconBlockRoot` (anvil on an older fork still shows the
 * first, not the second), Prague `requestsHash` (EIP-7685).
 *
 * @example
 * const { cancun, prague } = await chainForks(client);
 */
export async function chainForks(client: PublicClient): Promise<Record<Fork, boolean>> {
  const block = await client.getBlock({ blockTag: "latest" }).catch((error: unknown) => {
    throw new ChainUnreachableError({ cause: error });
  });
  const header = block as {
    excessBlobGas?: bigint | null;
    parentBeaconBlockRoot?: string | null;
    requestsHash?: string | null;
  };
  const cancun = header.excessBlobGas != null && header.parentBeaconBlockRoot != null;
  return { cancun, prague: cancun && header.requestsHash != null };
}

/**
 * Refuses to start `bot` on a node whose chain predates `fork`: `BOT_UNSUPPORTED` (409 over
 * HTTP) naming what is missing.
 *
 * @example
 * check: (ctx) => requireFork(ctx.client, ctx.name, "cancun"),
 */
export async function requireFork(client: PublicClient, bot: string, fork: Fork): Promise<void> {
  const forks = await chainForks(client);
  if (forks[fork]) return;
  throw new BotUnsupportedError(
    bot,
    REQUIREMENTS[fork],
    fork === "cancun"
      ? "its blocks predate Cancun (no blob gas or beacon root in the header), so it takes no blob transactions."
      : "its blocks predate Prague (no requests hash in the header), so it takes no set-code transactions.",
  );
}
