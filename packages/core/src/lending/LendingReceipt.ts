import type { Address, Hash } from "viem";

/** What every lending write answers once mined. */
export type LendingReceipt = {
  hash: Hash;
  blockNumber: bigint;
  /** The account that signed. */
  from: Address;
  /** The asset's symbol (or its address when not one of the platform's). */
  token: string;
  /** Decimal amount in whole tokens. */
  amount: string;
};
