export { type DerivedAccount, deriveAccounts, firstIndexes } from "./deriveAccounts.js";
export { isReservedKeyIndex, KEY_INDEXES, reservedKeyIndexUse } from "./keyIndexes.js";
export { PRIVNET_CHAIN_ID, privnet } from "./privnet.js";
export {
  PRIVNET_GAS_LIMIT,
  SYSTEM_ACCOUNT_BALANCE,
  SYSTEM_ACCOUNT_COUNT,
  SYSTEM_MNEMONIC,
} from "./systemAccounts.js";
