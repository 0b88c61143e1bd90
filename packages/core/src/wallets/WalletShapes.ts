import type { Address, Hex } from "viem";

// The SDK's wallet shapes follow viem's convention: camelCase, balances in wei as `bigint`;
// timestamps are ISO 8601 UTC with milliseconds. The admin HTTP API maps them to its documented
// snake_case (`private_key`, `created_at`) and decimal ETH in `@privnet/express-adapter`.

/** What `wallets.create()` returns: the only time the mnemonic is ever shown. */
export type CreatedWallet = {
  id: number;
  name: string;
  address: Address;
  privateKey: Hex;
  /** Wei. */
  balance: bigint;
  /** 12 BIP-39 English words; the key is derived at m/44'/60'/0'/0/0. Not stored. */
  mnemonic: string;
};

/** What `wallets.import()` returns: no private key. */
export type ImportedWallet = {
  id: number;
  name: string;
  address: Address;
  /** Wei. */
  balance: bigint;
};

/** One entry of `wallets.list()`: no private key. */
export type WalletSummary = {
  id: number;
  name: string;
  address: Address;
  /** Wei. */
  balance: bigint;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  /** One of the chain's prefunded accounts, registered by the platform. */
  system: boolean;
};

/** What `wallets.get(id)` returns: the summary and the private key. */
export type WalletDetails = WalletSummary & { privateKey: Hex };
