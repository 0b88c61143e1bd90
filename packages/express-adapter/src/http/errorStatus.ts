import type { ErrorCode } from "@privnet/core";

/**
 * The HTTP status of every privnet error code: the one table the admin API maps errors with.
 * Typed as a complete record, so a new code does not compile until it has a status here.
 */
export const errorStatus = {
  INVALID_OPTIONS: 500,
  CHAIN_UNREACHABLE: 503,
  CHAIN_ID_MISMATCH: 503,
  PLATFORM_CLOSED: 503,
  WALLET_EXISTS: 409,
  STORAGE_CLOSED: 503,
  // A value the storage cannot keep is a bug of the caller inside privnet, not of the client.
  STORAGE_VALUE_INVALID: 500,
  // The database cannot be opened or is newer than this code: the service is not available.
  STORAGE_OPEN_FAILED: 503,
  STORAGE_SCHEMA_UNSUPPORTED: 503,
  DEVNET_BINARY_NOT_FOUND: 500,
  DEVNET_PORT_IN_USE: 500,
  DEVNET_STATE_INVALID: 500,
  DEVNET_START_FAILED: 500,
  // Deployment runs when a server starts, not on a request; a request never sees it.
  CONTRACT_DEPLOYMENT_FAILED: 500,
} as const satisfies Record<ErrorCode, number>;
