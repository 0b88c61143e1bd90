/**
 * What a transaction does, decided once when its record is written: a plain ETH `transfer`, a
 * `call` of a contract (its `selector` is the first 4 bytes of the data), a `deploy` (plain, or
 * CREATE2 through the deterministic factory), an EIP-4844 `blob` or an EIP-7702 `set-code`.
 */
export const TRANSACTION_KINDS = ["transfer", "call", "deploy", "blob", "set-code"] as const;

export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** True for one of {@link TRANSACTION_KINDS}. */
export function isTransactionKind(value: unknown): value is TransactionKind {
  return typeof value === "string" && (TRANSACTION_KINDS as readonly string[]).includes(value);
}
