// @privnet/core/internal — NOT PUBLIC API. Helpers the other @privnet packages (servers, CLI,
// storage adapters, devnet, panel) share with core: input parsers, the keyed mutex, state
// encoding. Only what they import is here. Semver does not cover this entry: anything here may
// change or go in any release. Applications import from "@privnet/core" only.

// The fork pool's defaults, for the devnet's pool and the admin API's descriptions.
export { DEFAULT_FORK_LIMIT, DEFAULT_FORK_TTL_SECONDS } from "../chain/ChainForks.js";
export { firstIndexes } from "../chain/deriveAccounts.js";
export { quoteInput } from "../errors/quoteInput.js";
export { readChainBlocks } from "../explorer/readChainBlocks.js";
export { parseAddress } from "../input/parseAddress.js";
export { parseAmount } from "../input/parseAmount.js";
export { parsePrice } from "../oracle/parsePrice.js";
export { parseSymbol } from "../oracle/parseSymbol.js";
export { symbolAddress } from "../oracle/symbolAddress.js";
export { blockSenderGas } from "../storage/blockSenderGas.js";
export { explorerPageSize } from "../storage/ExplorerStore.js";
export { encodeStateValue } from "../storage/encodeStateValue.js";
export {
  type BlockRow,
  type ContractRow,
  type LabelRow,
  type TransactionRow,
  type TransferRow,
  toBlock,
  toContract,
  toLabel,
  toTransaction,
  toTransfer,
} from "../storage/explorerRows.js";
export { createKeyedMutex } from "../storage/keyedMutex.js";
export { transactionsPageSize } from "../storage/transactionsPageSize.js";
export { unknownSnapshot } from "../storage/unknownSnapshot.js";
export { parsePrivateKey } from "../wallets/parsePrivateKey.js";
