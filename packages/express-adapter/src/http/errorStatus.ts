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
  // Oracle and lending: bad input is 400, an unknown symbol or a price never set 404; a stale
  // price or a push the chain did not take means the dependency is not usable right now (503).
  INVALID_SYMBOL: 400,
  INVALID_PRICE: 400,
  UNKNOWN_SYMBOL: 404,
  PRICE_NOT_AVAILABLE: 404,
  PRICE_STALE: 503,
  ORACLE_PUSH_FAILED: 503,
  // The lending pool refused the operation for this account's position: the request, not the server.
  LENDING_ASSET_NOT_LISTED: 400,
  LENDING_INSUFFICIENT_COLLATERAL: 400,
  LENDING_HEALTH_FACTOR_TOO_LOW: 400,
  LENDING_BORROW_EXCEEDS_LTV: 400,
  LENDING_INSUFFICIENT_LIQUIDITY: 400,
  LENDING_NO_DEBT: 400,
  LENDING_NOT_LIQUIDATABLE: 400,
  LENDING_REPAY_EXCEEDS_CLOSE_FACTOR: 400,
  LENDING_INSUFFICIENT_COLLATERAL_TO_SEIZE: 400,
  LENDING_REVERTED: 400,
  // Bots, and the general sender they use.
  INVALID_TRANSACTION: 400,
  BOT_NOT_FOUND: 404,
  BOT_EXISTS: 409,
  INVALID_BOT_CONFIG: 400,
  // Raised by the embedded devnet at start-up, never on a request.
  DEVNET_BINARY_NOT_FOUND: 500,
  DEVNET_PORT_IN_USE: 500,
  DEVNET_STATE_INVALID: 500,
  DEVNET_START_FAILED: 500,
  // Deployment runs when a server starts, not on a request; a request never sees it.
  CONTRACT_DEPLOYMENT_FAILED: 500,
  // Raised while privnet up binds its ports, before any server answers.
  PORT_IN_USE: 500,
} as const satisfies Record<ErrorCode, number>;
