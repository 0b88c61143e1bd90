/**
 * A fresh `Idempotency-Key` for one send: a retry of the same submission (a double click, a
 * reload of a slow answer) is answered once and sends once. `crypto.randomUUID` exists only on
 * secure origins; `getRandomValues` everywhere, including a panel served over plain HTTP.
 *
 * @example
 * headers: { "Idempotency-Key": newIdempotencyKey() }
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `panel-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
