import type { ClipboardEvent } from "react";
import { type FormattedAmount, formatAmount, formatEther } from "../format/formatAmount";

export type AmountProps =
  /** Base units (wei, a token's smallest unit) with the token's decimals. */
  | { units: bigint | string; decimals?: number | null; symbol?: string | null; value?: never }
  /** A decimal in whole units, as the history and the wallet list carry them ("0.5"). */
  | { value: string; symbol?: string | null; units?: never; decimals?: never };

/**
 * An amount as a person reads it (`999,999,999.4999 ETH`), with the exact value in its title
 * (shown on hover) and on the clipboard when it is selected and copied.
 *
 * @example
 * <Amount units={transaction.value} symbol="ETH" />
 */
export function Amount(props: AmountProps) {
  const amount: FormattedAmount =
    props.value !== undefined
      ? formatEther(props.value, props.symbol)
      : formatAmount(props.units, props.decimals ?? 0, props.symbol);
  const onCopy = (event: ClipboardEvent<HTMLSpanElement>) => {
    const selected = window.getSelection()?.toString().trim();
    // Only a copy of this amount alone: a copy of a whole row keeps what the row shows.
    if (!selected || !amount.text.includes(selected)) return;
    event.clipboardData.setData("text/plain", amount.exact);
    event.preventDefault();
  };
  return (
    <span className="amount" title={amount.exact} data-exact={amount.exact} onCopy={onCopy}>
      {amount.text}
    </span>
  );
}
