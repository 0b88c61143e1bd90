import type { Chain, PublicClient } from "viem";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import type { SenderContext } from "../sender/SenderContext.js";

/** What the lending helpers need: the chain, a client for reads, the contracts, and the platform's sender for writes. */
export type LendingContext = {
  readonly chain: Chain;
  readonly client: PublicClient;
  readonly contracts: PlatformContractsService;
  /** Every approval and pool call goes through it (source `lending`), like any other send. */
  readonly sender: SenderContext;
};
