/**
 * The key index (m/44'/60'/0'/0/<index> of the system mnemonic) of each scenario of
 * {@link builtinScenarios} beyond the seed's three (100–102, core's `KEY_INDEXES.bots`): fixed, so
 * that each scenario sends from the same address on every start and every chain. The engine
 * refuses another registered bot naming one of them.
 *
 * @example
 * import { deriveAccounts, SYSTEM_MNEMONIC } from "@privnet/core";
 * const [blob] = deriveAccounts(SYSTEM_MNEMONIC, [SCENARIO_KEY_INDEXES.blob]);
 */
export const SCENARIO_KEY_INDEXES = {
  erc1155: 30,
  call: 31,
  deploy: 32,
  create2: 33,
  "gas-burner": 34,
  "storage-spam": 35,
  blob: 36,
  "set-code": 37,
  "tx-fuzz": 38,
  "tx-fuzz-invalid": 39,
  "uniswap-v2": 107,
  lending: 108,
  "liquidation-keeper": 109,
} as const;
