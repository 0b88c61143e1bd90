export {
  BASE_FEE_HEADROOM,
  bumpFee,
  DEFAULT_PRIORITY_FEE_PER_GAS,
  MAX_REPLACEMENTS,
  outrankingFees,
  REPLACEMENT_BUMP_PER_MILLE,
  replacementFees,
  type TransactionFees,
  transactionFees,
} from "./feePolicy.js";
