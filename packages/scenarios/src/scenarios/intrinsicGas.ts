import { type AccessList, type Hex, hexToBytes } from "viem";

export type IntrinsicGasParameters = {
  data?: Hex | undefined;
  /** A deployment: `data` is init code. */
  create?: boolean | undefined;
  accessList?: AccessList | undefined;
  /** EIP-7702 authorizations. */
  authorizations?: number | undefined;
};

/**
 * The least gas a transaction may carry: 21,000; 4 per zero and 16 per other byte of data; for a
 * deployment 32,000 and 2 per 32-byte word of init code (EIP-3860); 2,400 per access-list address
 * and 1,900 per slot (EIP-2930); 25,000 per authorization (EIP-7702); and at least EIP-7623's
 * floor of 21,000 + 10 per token of data (Prague).
 *
 * @example
 * intrinsicGas({ data: "0x00ff" }); // 21,020
 */
export function intrinsicGas(params: IntrinsicGasParameters): bigint {
  const bytes = params.data ? hexToBytes(params.data) : new Uint8Array();
  let zero = 0n;
  for (const byte of bytes) if (byte === 0) zero++;
  const nonzero = BigInt(bytes.length) - zero;
  let gas = 21_000n + 4n * zero + 16n * nonzero;
  if (params.create) gas += 32_000n + 2n * ((BigInt(bytes.length) + 31n) / 32n);
  for (const entry of params.accessList ?? []) gas += 2_400n + 1_900n * BigInt(entry.storageKeys.length);
  gas += 25_000n * BigInt(params.authorizations ?? 0);
  const floor = 21_000n + 10n * (zero + 4n * nonzero);
  return gas > floor ? gas : floor;
}
