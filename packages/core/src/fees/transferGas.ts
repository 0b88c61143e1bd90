/** Gas of a plain ETH transfer to an account without code. */
export const TRANSFER_GAS = 21_000n;
