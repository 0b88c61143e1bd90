import { Fragment } from "react";

/**
 * Text that may break after a dot before a name ("LendingPool.<wbr>addLiquidity") rather than
 * inside a word; a decimal point ("12.5 PRIV") stays unbroken.
 */
export function WrapAtDots({ text }: { text: string }) {
  const parts = text.split(/\.(?=[A-Za-z_])/);
  return (
    <>
      {parts.map((part, index) =>
        index === 0 ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <Fragment key={index}>
            .<wbr />
            {part}
          </Fragment>
        ),
      )}
    </>
  );
}
