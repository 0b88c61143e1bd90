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
