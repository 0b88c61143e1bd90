import type { Address } from "viem";
import { PrivnetError } from "./PrivnetErrorBase.js";

export class WalletExistsError extends PrivnetError {
  override name = "WalletExistsError";
  declare readonly code: "WALLET_EXISTS";
  constructor(readonly address: Address) {
    super("WALLET_EXISTS", `A wallet with address ${address} is already stored.`);
  }
}

export class StorageClosedError extends PrivnetError {
  override name = "StorageClosedError";
  declare readonly code: "STORAGE_CLOSED";
  constructor(adapter: string) {
    super("STORAGE_CLOSED", `The ${adapter} storage is closed.`);
  }
}

/** A value handed to `storage.state.set` that has no JSON form (a bigint, a function, `undefined`…). */
export class StorageValueInvalidError extends PrivnetError {
  override name = "StorageValueInvalidError";
  declare readonly code: "STORAGE_VALUE_INVALID";
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
  declare readonly code: "STORAGE_OPEN_FAILED";
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
  declare readonly code: "STORAGE_SCHEMA_UNSUPPORTED";
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
 * The database behind a storage adapter did not answer a call (it went away, a connection broke,
 * the server is restarting). Adapters raise it for connection-level failures; the sender raises
 * it with `nothingSent` when such a failure stopped a send before anything reached the node.
 */
export class StorageUnreachableError extends PrivnetError {
  override name = "StorageUnreachableError";
  declare readonly code: "STORAGE_UNREACHABLE";
  /** True when the failure stopped a send before its transaction reached the node. */
  readonly nothingSent: boolean;
  constructor(options: { cause?: unknown; nothingSent?: boolean } = {}) {
    super(
      "STORAGE_UNREACHABLE",
      options.nothingSent ? "The storage did not answer; nothing was sent." : "The storage did not answer.",
      {
        ...(options.cause instanceof Error ? { details: options.cause.message } : {}),
        cause: options.cause,
      },
    );
    this.nothingSent = options.nothingSent ?? false;
  }
}
