import type { Address, Hex } from "viem";

// The SDK returns wallets in exactly the shape the admin HTTP API documents (snake_case
// `private_key`, `created_at`), so the HTTP layer passes them through unchanged and the two never
// drift apart. Amounts are decimal ETH strings, timestamps ISO 8601 UTC with milliseconds.

/** What `wallets.create()` returns: the only time the mnemonic is ever shown. */
export type CreatedWallet = {
  id: number;
  name: string;
  address: Address;
  private_key: Hex;
  /** Decimal ETH. */
  balance: string;
  /** 12 BIP-39 English words; the key is derived at m/44'/60'/0'/0/0. Not stored. */
  mnemonic: string;
};

/** What `wallets.import()` returns: no private key. */
export type ImportedWallet = {
  id: number;
  name: string;
  address: Address;
  /** Decimal ETH. */
  balance: string;
};

/** One entry of `wallets.list()`: no private key. */
export type WalletSummary = {
  id: number;
  name: string;
  address: Address;
  /** Decimal ETH. */
  balance: string;
  /** ISO 8601 UTC with milliseconds. */
  created_at: string;
  /** One of the chain's prefunded accounts, registered by the platform. */
  system: boolean;
};

/** What `wallets.get(id)` returns: the summary and the private key. */
export type WalletDetails = WalletSummary & { private_key: Hex };
