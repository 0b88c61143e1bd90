import type { CreatedWallet, ImportedWallet, WalletDetails, WalletSummary } from "@privnet/core";
import { formatEther } from "viem";
import { z } from "zod";
import { addressOutput, ethOutput, isoTimestamp, privateKeyOutput } from "./fields.js";

// The wallet shapes of the admin API. zod objects strip unknown keys, so an answer never carries
// more than listed here: a private key appears only where its schema names it.

export const walletSummary = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    address: addressOutput,
    balance: ethOutput,
    created_at: isoTimestamp,
  })
  .meta({ id: "WalletSummary" });

export const walletDetails = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    address: addressOutput,
    private_key: privateKeyOutput,
    balance: ethOutput,
    created_at: isoTimestamp,
  })
  .meta({ id: "WalletDetails" });

export const createdWallet = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    address: addressOutput,
    private_key: privateKeyOutput,
    balance: ethOutput,
    mnemonic: z
      .string()
      .regex(/^[a-z]+( [a-z]+){11}$/)
      .describe("12 BIP-39 words (key at m/44'/60'/0'/0/0). Shown this once, never stored."),
  })
  .meta({ id: "CreatedWallet" });

export const importedWallet = z
  .object({ id: z.int().positive(), name: z.string(), address: addressOutput, balance: ethOutput })
  .meta({ id: "ImportedWallet" });

// The SDK answers camelCase with balances in wei (`bigint`); the wire is the documented snake_case
// with decimal ETH. Each mapping lists its fields: a key reaches the wire only where it is named.

/** `wallets.list()`'s entry as GET /wallets documents it. */
export function toWalletSummaryBody(wallet: WalletSummary): z.input<typeof walletSummary> {
  return {
    id: wallet.id,
    name: wallet.name,
    address: wallet.address,
    balance: formatEther(wallet.balance),
    created_at: wallet.createdAt,
  };
}

/** `wallets.get(id)`'s answer as GET /wallets/:id documents it. */
export function toWalletDetailsBody(wallet: WalletDetails): z.input<typeof walletDetails> {
  return {
    id: wallet.id,
    name: wallet.name,
    address: wallet.address,
    private_key: wallet.privateKey,
    balance: formatEther(wallet.balance),
    created_at: wallet.createdAt,
  };
}

/** `wallets.create()`'s answer as POST /wallets documents it. */
export function toCreatedWalletBody(wallet: CreatedWallet): z.input<typeof createdWallet> {
  return {
    id: wallet.id,
    name: wallet.name,
    address: wallet.address,
    private_key: wallet.privateKey,
    balance: formatEther(wallet.balance),
    mnemonic: wallet.mnemonic,
  };
}

/** `wallets.import()`'s answer as POST /wallets/import documents it. */
export function toImportedWalletBody(wallet: ImportedWallet): z.input<typeof importedWallet> {
  return { id: wallet.id, name: wallet.name, address: wallet.address, balance: formatEther(wallet.balance) };
}
