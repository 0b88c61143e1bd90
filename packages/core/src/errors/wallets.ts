import { PrivnetError } from "./PrivnetErrorBase.js";

export class WalletNotFoundError extends PrivnetError {
  override name = "WalletNotFoundError";
  declare readonly code: "WALLET_NOT_FOUND";
  constructor(readonly id: unknown) {
    super("WALLET_NOT_FOUND", `Wallet ${String(id)} not found.`, {
      details: "Wallet ids are positive integers; list the wallets to see which exist.",
    });
  }
}

export class InvalidPrivateKeyError extends PrivnetError {
  override name = "InvalidPrivateKeyError";
  declare readonly code: "INVALID_PRIVATE_KEY";
  constructor(reason: string) {
    super("INVALID_PRIVATE_KEY", `The private key is not valid: ${reason}`, {
      details: "A private key is 32 bytes written as 64 hex digits, with or without a 0x prefix.",
    });
  }
}

/** A stored key is encrypted and the platform has no passphrase to open it. */
export class WalletLockedError extends PrivnetError {
  override name = "WalletLockedError";
  declare readonly code: "WALLET_LOCKED";
  constructor(address: string) {
    super("WALLET_LOCKED", `The private key of ${address} is encrypted and no passphrase is configured.`, {
      details: "Pass the `encryptionPassphrase` the key was stored with to createPlatform.",
    });
  }
}

export class WalletDecryptionError extends PrivnetError {
  override name = "WalletDecryptionError";
  declare readonly code: "WALLET_DECRYPTION_FAILED";
  constructor(address: string, reason: string, cause?: unknown) {
    super("WALLET_DECRYPTION_FAILED", `Could not decrypt the private key of ${address}: ${reason}`, {
      cause,
      details:
        "The configured `encryptionPassphrase` is not the one the key was stored with, or the stored value is damaged.",
    });
  }
}
