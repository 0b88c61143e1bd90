import type { Address } from "viem";
import { PrivnetError } from "./PrivnetError.js";

export class WalletExistsError extends PrivnetError {
  override name = "WalletExistsError";
  constructor(readonly address: Address) {
    super("WALLET_EXISTS", `A wallet with address ${address} is already stored.`);
  }
}

export class StorageClosedError extends PrivnetError {
  override name = "StorageClosedError";
  constructor(adapter: string) {
    super("STORAGE_CLOSED", `The ${adapter} storage is closed.`);
  }
}
