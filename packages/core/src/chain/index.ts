export { type DerivedAccount, deriveAccounts, firstIndexes } from "./deriveAccounts.js";
export { PRIVNET_CHAIN_ID, privnet } from "./privnet.js";
export {
  PRIVNET_GAS_LIMIT,
  RESERVED_SYSTEM_INDEXES,
  SYSTEM_ACCOUNT_BALANCE,
  SYSTEM_ACCOUNT_COUNT,
  SYSTEM_MNEMONIC,
} from "./systemAccounts.js";
