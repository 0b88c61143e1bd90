import type { Address } from "viem";

/** The name a wallet gets when none is given: readable and distinct, e.g. "Wallet 0x71C7…976F". */
export function defaultWalletName(address: Address) {
  return `Wallet ${address.slice(0, 6)}…${address.slice(-4)}`;
}
