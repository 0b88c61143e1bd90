import type { Chain } from "viem";

/** privnet's chain id: 3151908 (0x301824), the Kurtosis ethereum-package default. */
export const PRIVNET_CHAIN_ID = 3151908 as const;

/**
 * The privnet chain as a viem `Chain`: chain id 3151908, ETH with 18 decimals, 2 s blocks.
 *
 * The RPC URL is the embedded devnet's default; pass your own transport to point a client
 * anywhere else.
 *
 * @example
 * import { createPublicClient, http } from "viem";
 * import { privnet } from "@privnet/core";
 * const client = createPublicClient({ chain: privnet, transport: http(devnet.rpcUrl) });
 */
export const privnet = {
  id: PRIVNET_CHAIN_ID,
  name: "privnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
  blockTime: 2_000,
  testnet: true,
} as const satisfies Chain;
