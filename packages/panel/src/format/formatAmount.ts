import { formatUnits } from "viem";

/** An amount as shown and as exact: `text` for the cell, `exact` for the title and for copying. */
export type FormattedAmount = { text: string; exact: string };

/** Fraction digits shown at most; below 1, this many significant digits instead. */
const SHOWN_DIGITS = 4;

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    // Truncated, never rounded up: 999,999,999.49997 is not shown as 999,999,999.5.
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: SHOWN_DIGITS,
      maximumSignificantDigits: SHOWN_DIGITS,
      roundingPriority: "morePrecision",
      roundingMode: "trunc",
    });
    formats.set(locale, format);
  }
  return format;
}

/**
 * A decimal string (`"999999999.499976046562121"`) for a person: grouped by thousands, with four
 * decimals at most, or four significant digits below 1, cut rather than rounded so it never shows
 * more than there is. A non-zero amount too small to show says so (`< 0.0001`) instead of `0`.
 *
 * @example
 * formatDecimal("999999999.499976046562121"); // "999,999,999.4999"
 * formatDecimal("0.000012345"); // "0.00001234"
 */
export function formatDecimal(decimal: string, locale = "en-US"): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) return decimal;
  // A string is formatted as the exact decimal it spells (Intl.NumberFormat v3), not as a double.
  return numberFormat(locale).format(decimal as `${number}`);
}

/**
 * An amount in base units (wei, or a token's smallest unit) as {@link formatDecimal} shows it,
 * with its symbol, and the exact decimal value.
 *
 * @example
 * formatAmount(10n ** 27n, 18, "ETH"); // { text: "1,000,000,000 ETH", exact: "1000000000 ETH" }
 */
export function formatAmount(
  units: bigint | string,
  decimals = 18,
  symbol?: string | null,
  locale = "en-US",
): FormattedAmount {
  const value = typeof units === "bigint" ? units : parseUnits(units);
  if (value === undefined) return { text: String(units), exact: String(units) };
  return formatEther(formatUnits(value, decimals), symbol, locale);
}

/**
 * An amount already in whole units (the history's `"0.5"` ETH, a balance string) as
 * {@link formatAmount} shows it.
 *
 * @example
 * formatEther("1000000000", "ETH"); // { text: "1,000,000,000 ETH", exact: "1000000000 ETH" }
 */
export function formatEther(decimal: string, symbol?: string | null, locale = "en-US"): FormattedAmount {
  const unit = symbol ? ` ${symbol}` : "";
  return { text: `${formatDecimal(decimal, locale)}${unit}`, exact: `${decimal}${unit}` };
}

function parseUnits(units: string): bigint | undefined {
  return /^-?\d+$/.test(units) ? BigInt(units) : undefined;
}

/**
 * A whole number grouped by thousands: gas, block numbers in prose, counts.
 *
 * @example
 * formatInteger("30000000"); // "30,000,000"
 */
export function formatInteger(value: bigint | number | string, locale = "en-US"): string {
  const whole = typeof value === "string" ? parseUnits(value) : value;
  return whole === undefined ? String(value) : new Intl.NumberFormat(locale).format(whole);
}
