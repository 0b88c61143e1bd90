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

/** `fee` raised by {@link REPLACEMENT_BUMP_PER_MILLE}, rounded up. */
export function bumpFee(fee: bigint): bigint {
  return (fee * (1000n + REPLACEMENT_BUMP_PER_MILLE) + 999n) / 1000n;
}

function higher(a: bigint, b: bigint): bigint {
  return [a, b].reduce((max, fee) => (fee > max ? fee : max));
}
