import { ChainUnreachableError, InvalidBotConfigError } from "@privnet/core";
import type { PublicClient } from "viem";

/**
 * Refuses a config whose transactions need more gas than the chain's blocks hold: every one would
 * be refused by the node (`INVALID_BOT_CONFIG`, naming the setting).
 *
 * @example
 * check: ({ client, config }) => fitsInBlock(client, "gas-burner", "gasPerCall", gasFor(config)),
 */
export async function fitsInBlock(
  client: PublicClient,
  bot: string,
  setting: string,
  gas: bigint,
): Promise<void> {
  const block = await client.getBlock({ blockTag: "latest" }).catch((error: unknown) => {
    throw new ChainUnreachableError({ cause: error });
  });
  if (gas <= block.gasLimit) return;
  throw new InvalidBotConfigError(
    bot,
    `${setting}: each transaction would need ${gas.toLocaleString("en-US")} gas, more than a block holds (${block.gasLimit.toLocaleString("en-US")}).`,
  );
}
