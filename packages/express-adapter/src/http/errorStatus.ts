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
  DEVNET_BINARY_NOT_FOUND: 500,
  DEVNET_PORT_IN_USE: 500,
  DEVNET_STATE_INVALID: 500,
  DEVNET_START_FAILED: 500,
  // Deployment runs when a server starts, not on a request; a request never sees it.
  CONTRACT_DEPLOYMENT_FAILED: 500,
} as const satisfies Record<ErrorCode, number>;
