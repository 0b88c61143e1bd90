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

/** A value handed to `storage.state.set` that has no JSON form (a bigint, a function, `undefined`…). */
export class StorageValueInvalidError extends PrivnetError {
  override name = "StorageValueInvalidError";
  constructor(
    readonly key: string,
    options: { cause?: unknown } = {},
  ) {
    super("STORAGE_VALUE_INVALID", `The state value for "${key}" cannot be stored as JSON.`, {
      details:
        "State values must be JSON: objects, arrays, strings, finite numbers, booleans or null. Convert bigints to strings first.",
      cause: options.cause,
    });
  }
}

/** The database behind a storage adapter could not be opened or reached. */
export class StorageOpenFailedError extends PrivnetError {
  override name = "StorageOpenFailedError";
  constructor(adapter: string, where: string, options: { details?: string; cause?: unknown } = {}) {
    super("STORAGE_OPEN_FAILED", `The ${adapter} storage at ${where} could not be opened.`, {
      details:
        options.details ??
        (options.cause instanceof Error ? options.cause.message : "Check the path or connection string."),
      cause: options.cause,
    });
  }
}

/** The database was migrated by a newer privnet than this one: its schema is unknown here. */
export class StorageSchemaUnsupportedError extends PrivnetError {
  override name = "StorageSchemaUnsupportedError";
  constructor(
    adapter: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      "STORAGE_SCHEMA_UNSUPPORTED",
      `The ${adapter} storage has schema version ${found}; this privnet knows versions up to ${supported}.`,
      { details: "Upgrade privnet to a release that knows this schema, or point it at another database." },
    );
  }
}

/**
 * A storage call failed while the sender needed it (the database went away, a connection broke).
 * The sender raises it before anything reaches the node: a send answered with it was not sent.
 */
export class StorageUnreachableError extends PrivnetError {
  override name = "StorageUnreachableError";
  constructor(options: { cause?: unknown } = {}) {
    super("STORAGE_UNREACHABLE", "The storage did not answer; nothing was sent.", {
      ...(options.cause instanceof Error ? { details: options.cause.message } : {}),
      cause: options.cause,
    });
  }
}
