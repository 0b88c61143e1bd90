import type { InputHTMLAttributes } from "react";

/**
 * A labelled text input with the reason its value is refused under it (and the input marked
 * invalid, described by that reason).
 */
export function CheckedInput({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        required
        autoComplete="off"
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
