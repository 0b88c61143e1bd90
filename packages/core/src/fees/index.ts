export {
  BASE_FEE_HEADROOM,
  BLOB_REPLACEMENT_BUMP_PER_MILLE,
  blobFee,
  blobReplacementFees,
  bumpFee,
  createFeePolicy,
  DEFAULT_PRIORITY_FEE_PER_GAS,
  type FeePolicy,
  GAS_PER_BLOB,
  MAX_REPLACEMENTS,
  outrankingFees,
  REPLACEMENT_BUMP_PER_MILLE,
  replacementFees,
  type TransactionFees,
  transactionFees,
} from "./feePolicy.js";
export { TRANSFER_GAS } from "./transferGas.js";
