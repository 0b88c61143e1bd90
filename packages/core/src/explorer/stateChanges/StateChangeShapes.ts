import type { Address, Hex } from "viem";
import type { TokenStandard } from "../../storage/ExplorerStore.js";
import type { AddressLabel } from "../AddressLabelShapes.js";

/** An account's ETH balance before and after a transaction (wei). */
export type ChainBalanceChange = {
  address: Address;
  label: AddressLabel | null;
  before: bigint;
  after: bigint;
  /** `after - before`: negative for the sender (value and fee), positive for the block's fee recipient. */
  delta: bigint;
};

/** What a transaction's token transfers did to one holder's balance of one token (one id for ERC-721/1155). */
export type ChainTokenBalanceChange = {
  standard: TokenStandard;
  token: Address;
  tokenLabel: AddressLabel | null;
  symbol: string | null;
  decimals: number | null;
  holder: Address;
  holderLabel: AddressLabel | null;
  /** The ERC-721 or ERC-1155 token id; null for ERC-20. */
  tokenId: bigint | null;
  /** Raw units gained (positive) or lost (negative); ±1 for an ERC-721 token. */
  delta: bigint;
};

/** A variable (or the part of one) a storage slot holds, named from the contract's storage layout. */
export type ChainStorageVariable = {
  /** `owner`, `balances[0xAb…]`, `positions[7].debt`, `holders[2]`. */
  name: string;
  /** The Solidity type as the layout names it (`uint256`, `address`, `enum Side`). */
  type: string;
  /** The value before and after, decoded by type: decimal integers, checksummed addresses, `true`/`false`, hex bytes, text. */
  before: string;
  after: string;
};

/** One storage slot a transaction changed. */
export type ChainStorageChange = {
  address: Address;
  addressLabel: AddressLabel | null;
  /** The matched artifact's contract name (a proxy: its implementation's); null when none matched. */
  contract: string | null;
  slot: Hex;
  before: Hex;
  after: Hex;
  /** What the slot holds, from the artifact's storage layout; empty when the slot is not named (a raw slot). */
  variables: ChainStorageVariable[];
  /**
   * The call frames that ran with this contract's storage and did not revert, each as its path in
   * the trace (`[]`: the top frame, `[1, 0]`: the first call of the top frame's second call). One
   * path when one frame could have written the slot; several when more than one ran there.
   */
  frames: number[][];
};

/** `platform.explorer.transaction(hash).stateChanges`: what the transaction changed. */
export type ChainStateChanges = {
  balances: ChainBalanceChange[];
  tokens: ChainTokenBalanceChange[];
  storage: ChainStorageChange[];
};
