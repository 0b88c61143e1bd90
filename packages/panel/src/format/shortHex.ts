/**
 * An address or hash shortened for a table cell: `0x8943…a776`. The full value stays in the
 * element's title and in copy buttons.
 *
 * @example
 * shortHex("0x8943545177806ED17B9F23F0a21ee5948eCaa776"); // "0x8943…a776"
 */
export function shortHex(value: string, keep = 4): string {
  return value.length <= 2 + keep * 2 + 1 ? value : `${value.slice(0, 2 + keep)}…${value.slice(-keep)}`;
}
