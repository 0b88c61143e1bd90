// The list of error codes, alone in its file: the base class types its `code` with it and every
// error class builds on the base, so the list imports nothing.

/**
 * Every error code privnet raises. Codes are stable: programs branch on them, the HTTP layer maps
 * them to statuses in one table, and they never change meaning between releases.
 *
 * A new code is one entry here. Where callers need fields of their own, it gets a class that
 * extends `PrivnetError` and declares its code (`declare readonly code: "MY_CODE"`), in the
 * family's file: `isPrivnetError` then narrows to it (see `PrivnetErrorTypes`). The HTTP layer's
 * status table does not compile until the code has a status.
 */
export const errorCodes = [
  // options and input
  "INVALID_OPTIONS",
  // chain
  "CHAIN_UNREACHABLE",
  "CHAIN_ID_MISMATCH",
  // platform lifecycle
  "PLATFORM_CLOSED",
  // storage
  "WALLET_EXISTS",
  "STORAGE_CLOSED",
  // storage adapters
  "STORAGE_VALUE_INVALID",
  "STORAGE_OPEN_FAILED",
  "STORAGE_SCHEMA_UNSUPPORTED",
  "STORAGE_UNREACHABLE",
  // wallets, sending, history
  "WALLET_NOT_FOUND",
  "INVALID_PRIVATE_KEY",
  "INVALID_ADDRESS",
  "INVALID_AMOUNT",
  "INSUFFICIENT_FUNDS",
  "FEE_ABOVE_CAP",
  "WALLET_LOCKED",
  "WALLET_DECRYPTION_FAILED",
  "NONCE_CONFLICT",
  "TRANSACTION_REJECTED",
  "TRANSACTION_FAILED",
  "INVALID_QUERY",
  // embedded devnet
  "DEVNET_BINARY_NOT_FOUND",
  "DEVNET_PORT_IN_USE",
  "DEVNET_STATE_INVALID",
  "DEVNET_START_FAILED",
  // faults on demand (ChainFaults): bad input, another fault under way, not on this chain
  "FAULT_INVALID",
  "FAULT_IN_PROGRESS",
  "FAULT_UNSUPPORTED",
  // contracts
  "CONTRACT_DEPLOYMENT_FAILED",
  // a server's start-up: a taken port (@privnet/http's startServer and listenOn, privnet up)
  "PORT_IN_USE",
  // oracle and lending
  "INVALID_SYMBOL",
  "INVALID_PRICE",
  "UNKNOWN_SYMBOL",
  "PRICE_STALE",
  "PRICE_NOT_AVAILABLE",
  "ORACLE_PUSH_FAILED",
  "LENDING_ASSET_NOT_LISTED",
  "LENDING_INSUFFICIENT_COLLATERAL",
  "LENDING_HEALTH_FACTOR_TOO_LOW",
  "LENDING_BORROW_EXCEEDS_LTV",
  "LENDING_INSUFFICIENT_LIQUIDITY",
  "LENDING_NO_DEBT",
  "LENDING_NOT_LIQUIDATABLE",
  "LENDING_REPAY_EXCEEDS_CLOSE_FACTOR",
  "LENDING_INSUFFICIENT_COLLATERAL_TO_SEIZE",
  "LENDING_REVERTED",
  // bots (and the generalized sender they send through)
  "INVALID_TRANSACTION",
  "CONTRACT_EXISTS",
  "CREATE2_FACTORY_UNAVAILABLE",
  "BOT_NOT_FOUND",
  "BOT_EXISTS",
  "INVALID_BOT_CONFIG",
  "BOT_UNSUPPORTED",
  "INVALID_TRAFFIC_DOCUMENT",
  // explorer: the chain index, decoding, labels, registered ABIs, contract reads
  "BLOCK_NOT_FOUND",
  "TRANSACTION_NOT_FOUND",
  "CONTRACT_NOT_FOUND",
  "INVALID_ABI",
  "ARTIFACTS_UNREADABLE",
  "NO_CONTRACT_CODE",
  "INVALID_LABEL",
  "INVALID_CONTRACT_CALL",
  "CONTRACT_READ_REVERTED",
  "EXPLORER_UNAVAILABLE",
  // simulations: calls traced on the chain's state with overrides, never sent
  "INVALID_SIMULATION",
  "SIMULATION_NOT_FOUND",
  // faults on demand asked of a platform that runs on a node it does not control
  "FAULTS_UNAVAILABLE",
  // throwaway forks (ChainForks): bad input, unknown id, too many, none on this server
  "FORK_INVALID",
  "FORK_NOT_FOUND",
  "FORK_LIMIT_REACHED",
  "FORKS_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof errorCodes)[number];
