import type { Chain, PublicClient, Transport } from "viem";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";

/** What the lending helpers need: the chain, a client, its transport (to sign with given keys), the contracts. */
export type LendingContext = {
  readonly chain: Chain;
  readonly client: PublicClient;
  readonly transport: Transport;
  readonly contracts: PlatformContractsService;
};
