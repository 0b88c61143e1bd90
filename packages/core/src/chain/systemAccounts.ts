import { parseEther } from "viem";

/**
 * The mnemonic of the Kurtosis ethereum-package's prefunded accounts. Public by design: every
 * Kurtosis devnet uses it, and so does privnet so that tooling written for one works on the other.
 */
export const SYSTEM_MNEMONIC =
  "giant issue aisle success illegal bike spike question tent bar rely arctic volcano long crawl hungry vocal artwork sniff fantasy very lucky have athlete";

/** Number of prefunded system accounts (m/44'/60'/0'/0/0 … /20). */
export const SYSTEM_ACCOUNT_COUNT = 21;

/** Balance of each prefunded system account at genesis: 1,000,000,000 ETH. */
export const SYSTEM_ACCOUNT_BALANCE = parseEther("1000000000");

/** Block gas limit of the privnet chain. */
export const PRIVNET_GAS_LIMIT = 60_000_000n;
