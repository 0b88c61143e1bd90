const formats = new Map<string, Intl.NumberFormat>();

function usdFormat(locale: string, belowOne: boolean): Intl.NumberFormat {
  const key = `${locale}:${belowOne}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "USD",
      ...(belowOne
        ? { minimumSignificantDigits: 2, maximumSignificantDigits: 4 }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A price in US dollars: `$2,030.24`. Cents as usual; a price below a dollar keeps four
 * significant digits (`$0.9998`) rather than rounding to `$1.00`.
 *
 * @example
 * formatUsd("2030.23999999"); // "$2,030.24"
 */
export function formatUsd(price: string | number, locale = "en-US"): string {
  const value = typeof price === "number" ? String(price) : price.trim();
  if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value)) return String(price);
  const size = Math.abs(Number(value));
  const belowOne = size > 0 && size < 1;
  return usdFormat(locale, belowOne).format(value as `${number}`);
}
