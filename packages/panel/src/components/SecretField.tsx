import { useId } from "react";
import { CopyButton } from "./CopyButton";

/**
 * A secret to write down (a mnemonic, a private key): labelled, read-only, selected whole on
 * focus, with a copy button.
 */
export function SecretField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="secret-field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <textarea
          id={id}
          className="mono"
          readOnly
          value={value}
          rows={2}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={value} what={label.toLowerCase()} />
      </div>
    </div>
  );
}
