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
  // Client input and what the chain says about it.
  WALLET_NOT_FOUND: 404,
  INVALID_PRIVATE_KEY: 400,
  INVALID_ADDRESS: 400,
  INVALID_AMOUNT: 400,
  INVALID_QUERY: 400,
  INSUFFICIENT_FUNDS: 400,
  TRANSACTION_REJECTED: 400,
  TRANSACTION_FAILED: 400,
  // Another sender kept taking the nonce: the same request may succeed when retried.
  NONCE_CONFLICT: 409,
  // The server cannot decrypt stored keys (no or wrong passphrase configured): not the client's fault.
  WALLET_LOCKED: 503,
  WALLET_DECRYPTION_FAILED: 503,
  // Raised by the embedded devnet at start-up, never on a request.
  DEVNET_BINARY_NOT_FOUND: 500,
  DEVNET_PORT_IN_USE: 500,
  DEVNET_STATE_INVALID: 500,
  DEVNET_START_FAILED: 500,
  // Deployment runs when a server starts, not on a request; a request never sees it.
  CONTRACT_DEPLOYMENT_FAILED: 500,
} as const satisfies Record<ErrorCode, number>;
