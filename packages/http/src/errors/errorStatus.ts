import type { ErrorCode } from "@privnet/core";

/**
 * The codes the HTTP layer raises itself, with their statuses: a new one is one entry here, and
 * `HttpErrorCode` is read off this table.
 */
const httpErrorStatus = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  BODY_TOO_LARGE: 413,
  // A body that is not `application/json`, or not in its declared Content-Encoding's format.
  UNSUPPORTED_MEDIA_TYPE: 415,
  // What Node's HTTP parser or the router cannot read: a bad method or request line, a malformed
  // percent-escape in the path, a body that is not in its declared Content-Encoding, no Host.
  MALFORMED_REQUEST: 400,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  // An `Expect` header other than 100-continue.
  EXPECTATION_FAILED: 417,
  // The browser protections (see docs/security.md): a Host name nobody configured is a DNS
  // rebinding attempt or a misconfiguration, a state change from a foreign page is refused; the
  // server understood the request and will not serve it.
  HOST_NOT_ALLOWED: 403,
  ORIGIN_NOT_ALLOWED: 403,
  // Idempotency-Key (the admin API's sends): a malformed key is a bad request; a key reused with
  // another body cannot be processed as sent, and retrying it unchanged cannot help.
  INVALID_IDEMPOTENCY_KEY: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  // A database driver's socket failed: the dependency is gone, not the request.
  STORAGE_UNREACHABLE: 503,
  INTERNAL: 500,
} as const;

/** The codes the HTTP layer raises itself, beside core's `ErrorCode`s. */
export type HttpErrorCode = keyof typeof httpErrorStatus;

/**
 * Core's codes. Typed as a complete record (but for the codes the HTTP layer also raises itself,
 * which have their status above), so a code added to core does not compile until it has a status.
 */
const privnetErrorStatus = {
  // Options are the operator's configuration (createPlatform, the oracle's models, contract
  // options), never a client's request: no route hands client input to them, so when one fails
  // while serving a request the server is misconfigured or buggy (500), and no retry by the client
  // can help. (The oracle API used to answer 400.)
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
  // The base fee is above the fee cap the send was given: the same send goes once it falls.
  FEE_ABOVE_CAP: 409,
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
  CONTRACT_EXISTS: 409,
  CREATE2_FACTORY_UNAVAILABLE: 409,
  BOT_NOT_FOUND: 404,
  BOT_EXISTS: 409,
  INVALID_BOT_CONFIG: 400,
  // The node lacks the fork a bot needs: the request is fine, the node's state conflicts with it.
  BOT_UNSUPPORTED: 409,
  INVALID_TRAFFIC_DOCUMENT: 400,
  // The explorer: an unknown block, transaction or contract is 404; an ABI, label or read that does
  // not fit is the request's fault (400); a read that reverted is what the contract said (400).
  BLOCK_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  CONTRACT_NOT_FOUND: 404,
  INVALID_ABI: 400,
  ARTIFACTS_UNREADABLE: 400,
  NO_CONTRACT_CODE: 400,
  INVALID_LABEL: 400,
  INVALID_CONTRACT_CALL: 400,
  INVALID_SIMULATION: 400,
  SIMULATION_NOT_FOUND: 404,
  CONTRACT_READ_REVERTED: 400,
  // Turned off in this server's configuration: not something the client can fix.
  EXPLORER_UNAVAILABLE: 503,
  // Faults on demand on a platform that runs on a node it does not control (--rpc-url): the request
  // is fine, the server's set-up conflicts with it, as FAULT_IN_PROGRESS does (409).
  FAULTS_UNAVAILABLE: 409,
  // Throwaway forks: a bad setting or a block the chain cannot fork at is the request's (400); an
  // unknown id 404; the limit of running forks, or a server without a pool, conflicts with the
  // server's state (409).
  FORK_INVALID: 400,
  FORK_NOT_FOUND: 404,
  FORK_LIMIT_REACHED: 409,
  FORKS_UNAVAILABLE: 409,
  // Raised by the embedded devnet and by a server's own start-up, never on a request.
  DEVNET_BINARY_NOT_FOUND: 500,
  DEVNET_PORT_IN_USE: 500,
  DEVNET_STATE_INVALID: 500,
  DEVNET_START_FAILED: 500,
  FAULT_INVALID: 400,
  FAULT_IN_PROGRESS: 409,
  FAULT_UNSUPPORTED: 501,
  PORT_IN_USE: 500,
  // The contracts are deployed on first use: a router mounted without a server that ensured them
  // first deploys them on its first request. A deployment that fails there means the chain did not
  // take it, so the service is not available right now and a retry may succeed: 503, like a push
  // that failed. (The admin API used to answer 500.)
  CONTRACT_DEPLOYMENT_FAILED: 503,
} as const satisfies Record<Exclude<ErrorCode, HttpErrorCode>, number>;

/**
 * The HTTP status of every error code, core's and the HTTP layer's: the one table both servers map
 * errors with.
 */
export const errorStatus = { ...privnetErrorStatus, ...httpErrorStatus } as const satisfies Record<
  ErrorCode | HttpErrorCode,
  number
>;
