import { parseGwei } from "viem";

/** The two EIP-1559 fee fields every transaction of the platform is signed with, in wei per gas. */
export type TransactionFees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** Default priority fee (tip) per gas: 1 gwei, what a private chain's nodes accept at once. */
export const DEFAULT_PRIORITY_FEE_PER_GAS = parseGwei("1");

/**
 * How far the max fee reaches above the latest base fee. The base fee rises at most 12.5 % a
 * block, so twice today's base fee stays above it for about six full blocks: a transaction sent now
 * is not priced out while it waits its turn.
 */
export const BASE_FEE_HEADROOM = 2n;

/** Each replacement raises both fees by this much, in thousandths: +12.5 %, above the 10 % nodes require. */
export const REPLACEMENT_BUMP_PER_MILLE = 125n;

/** Fee raises per transaction at most: 1.125^5 ≈ 1.8 × the original fee. */
export const MAX_REPLACEMENTS = 5;

/**
 * The fees of a new transaction: `tip` as the priority fee, and a max fee of
 * {@link BASE_FEE_HEADROOM} × the latest base fee + the tip. Every write of the platform is priced
 * here (the nonce manager, the contracts' deployment).
 *
 * @example
 * const fees = transactionFees(block.baseFeePerGas, parseGwei("1"));
 */
export function transactionFees(
  baseFeePerGas: bigint | null | undefined,
  priorityFeePerGas: bigint = DEFAULT_PRIORITY_FEE_PER_GAS,
): TransactionFees {
  return {
    maxFeePerGas: (baseFeePerGas ?? 0n) * BASE_FEE_HEADROOM + priorityFeePerGas,
    maxPriorityFeePerGas: priorityFeePerGas,
  };
}

/**
 * The fees of a replacement of a transaction sent with `previous`: both raised by
 * {@link REPLACEMENT_BUMP_PER_MILLE} (rounded up, so that even a 1 wei fee rises), and the max fee
 * at least what a new transaction would get now ({@link transactionFees} at the raised tip), so that
 * a replacement also catches up with a base fee that rose meanwhile.
 *
 * @example
 * const fees = replacementFees(watched.request, block.baseFeePerGas);
 */
export function replacementFees(
  previous: { maxFeePerGas?: bigint | undefined; maxPriorityFeePerGas?: bigint | undefined },
  baseFeePerGas: bigint | null | undefined,
): TransactionFees {
  const tip = bumpFee(previous.maxPriorityFeePerGas ?? 0n);
  const raised = bumpFee(previous.maxFeePerGas ?? 0n);
  const market = transactionFees(baseFeePerGas, tip).maxFeePerGas;
  return { maxFeePerGas: higher(raised, market), maxPriorityFeePerGas: tip };
}

/**
 * The fees of a transaction that must be mined before every one of `others` from the same sender
 * already in the node's pool: each field raised by {@link REPLACEMENT_BUMP_PER_MILLE} above the
 * highest of `others`, and never below what a new transaction gets now ({@link transactionFees}).
 * anvil builds a block from its ready transactions in fee order (equal fees in arrival order);
 * after `evm_revert` it keeps a sender's later transactions ready above a nonce the chain lost, so
 * a filler of that nonce priced like them comes after them, and they are dropped as too far ahead.
 *
 * @example
 * const fees = outrankingFees(block.baseFeePerGas, pooledFees);
 */
export function outrankingFees(
  baseFeePerGas: bigint | null | undefined,
  others: readonly TransactionFees[],
  priorityFeePerGas: bigint = DEFAULT_PRIORITY_FEE_PER_GAS,
): TransactionFees {
  // Strictly above, a fee of zero included (it does not rise by a share of itself).
  const above = (fee: bigint) => (fee === 0n ? 1n : bumpFee(fee));
  const tip = higher(priorityFeePerGas, ...others.map((fees) => above(fees.maxPriorityFeePerGas)));
  const market = transactionFees(baseFeePerGas, tip).maxFeePerGas;
  return {
    maxFeePerGas: higher(market, ...others.map((fees) => above(fees.maxFeePerGas))),
    maxPriorityFeePerGas: tip,
  };
}

/**
 * `fees` kept within `cap`, the most a sender will pay per gas (wei): as they are when their max
 * fee is within it; else with the cap as the max fee, when that still pays `least` (the base fee
 * plus the tip, and for a replacement the bump the node requires); else undefined: at this base
 * fee the transaction cannot be priced within the cap, and waits.
 *
 * @example
 * const fees = withinFeeCap(policy.newTransaction(baseFee), parseGwei("500"), baseFee + policy.priorityFeePerGas);
 */
export function withinFeeCap(
  fees: TransactionFees,
  cap: bigint | undefined,
  least: bigint,
): TransactionFees | undefined {
  if (cap === undefined || fees.maxFeePerGas <= cap) return fees;
  if (cap < least || cap < fees.maxPriorityFeePerGas) return undefined;
  return { maxFeePerGas: cap, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

/** Blob gas one blob uses (EIP-4844): 2^17. */
export const GAS_PER_BLOB = 131_072n;

/**
 * Each replacement of a blob transaction raises its three fees by this much, in thousandths:
 * +100 %. geth's blob pool takes a replacement only with every fee doubled (anvil asks less), and
 * a replacement it refuses would leave the transaction stuck.
 */
export const BLOB_REPLACEMENT_BUMP_PER_MILLE = 1000n;

/**
 * The max fee per blob gas of a new blob transaction: {@link BASE_FEE_HEADROOM} × the current blob
 * base fee (at least 1 wei, the protocol's floor), so that it survives the blob base fee rising
 * while it waits, as the execution fee does.
 *
 * @example
 * const maxFeePerBlobGas = blobFee(await client.getBlobBaseFee());
 */
export function blobFee(blobBaseFee: bigint): bigint {
  return (blobBaseFee > 0n ? blobBaseFee : 1n) * BASE_FEE_HEADROOM;
}

/**
 * The fees of a replacement of a blob transaction sent with `previous`: tip, max fee and max fee
 * per blob gas each raised by {@link BLOB_REPLACEMENT_BUMP_PER_MILLE}, and the max fees at least
 * what a new transaction would get now.
 *
 * @example
 * const fees = blobReplacementFees(watched.request, block.baseFeePerGas, await client.getBlobBaseFee());
 */
export function blobReplacementFees(
  previous: {
    maxFeePerGas?: bigint | undefined;
    maxPriorityFeePerGas?: bigint | undefined;
    maxFeePerBlobGas?: bigint | undefined;
  },
  baseFeePerGas: bigint | null | undefined,
  blobBaseFee: bigint,
): TransactionFees & { maxFeePerBlobGas: bigint } {
  const double = (fee: bigint) => (fee * (1000n + BLOB_REPLACEMENT_BUMP_PER_MILLE) + 999n) / 1000n;
  const tip = double(previous.maxPriorityFeePerGas ?? 0n);
  return {
    maxFeePerGas: higher(
      double(previous.maxFeePerGas ?? 0n),
      transactionFees(baseFeePerGas, tip).maxFeePerGas,
    ),
    maxPriorityFeePerGas: tip,
    maxFeePerBlobGas: higher(double(previous.maxFeePerBlobGas ?? 0n), blobFee(blobBaseFee)),
  };
}

/**
 * The platform's one fee rule, with its configured tip: every write of the platform (sends, bots,
 * contract deployment and wiring, oracle pushes, lending) is priced by the policy in its context,
 * so that the tip given to `createPlatform({ priorityFeePerGas })` is honoured everywhere.
 */
export type FeePolicy = {
  /** The tip of a new transaction, in wei per gas. */
  readonly priorityFeePerGas: bigint;
  /** The fees of a new transaction at `baseFeePerGas`: {@link transactionFees} with the policy's tip. */
  newTransaction(baseFeePerGas: bigint | null | undefined): TransactionFees;
  /** The fees of a replacement of a transaction sent with `previous`: {@link replacementFees}. */
  replacement(
    previous: { maxFeePerGas?: bigint | undefined; maxPriorityFeePerGas?: bigint | undefined },
    baseFeePerGas: bigint | null | undefined,
  ): TransactionFees;
  /** The fees that outrank `others` of the same sender in the pool: {@link outrankingFees} with the policy's tip. */
  outranking(baseFeePerGas: bigint | null | undefined, others: readonly TransactionFees[]): TransactionFees;
  /** The max fee per blob gas of a new blob transaction: {@link blobFee}. */
  blob(blobBaseFee: bigint): bigint;
  /** The fees of a replacement of a blob transaction: {@link blobReplacementFees}. */
  blobReplacement(
    previous: {
      maxFeePerGas?: bigint | undefined;
      maxPriorityFeePerGas?: bigint | undefined;
      maxFeePerBlobGas?: bigint | undefined;
    },
    baseFeePerGas: bigint | null | undefined,
    blobBaseFee: bigint,
  ): TransactionFees & { maxFeePerBlobGas: bigint };
};

/**
 * The {@link FeePolicy} with `priorityFeePerGas` as the tip of every new transaction (default
 * {@link DEFAULT_PRIORITY_FEE_PER_GAS}).
 *
 * @example
 * const fees = createFeePolicy({ priorityFeePerGas: parseGwei("2") }).newTransaction(block.baseFeePerGas);
 */
export function createFeePolicy(options: { priorityFeePerGas?: bigint | undefined } = {}): FeePolicy {
  const priorityFeePerGas = options.priorityFeePerGas ?? DEFAULT_PRIORITY_FEE_PER_GAS;
  return {
    priorityFeePerGas,
    newTransaction: (baseFeePerGas) => transactionFees(baseFeePerGas, priorityFeePerGas),
    replacement: replacementFees,
    outranking: (baseFeePerGas, others) => outrankingFees(baseFeePerGas, others, priorityFeePerGas),
    blob: blobFee,
    blobReplacement: blobReplacementFees,
  };
}

/** `fee` raised by {@link REPLACEMENT_BUMP_PER_MILLE}, rounded up. */
export function bumpFee(fee: bigint): bigint {
  return (fee * (1000n + REPLACEMENT_BUMP_PER_MILLE) + 999n) / 1000n;
}

/** The largest of bigints (Math.max takes numbers only). */
export function higher(first: bigint, ...rest: bigint[]): bigint {
  let max = first;
  for (const fee of rest) if (fee > max) max = fee;
  return max;
}
