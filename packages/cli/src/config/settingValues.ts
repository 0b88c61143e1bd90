import { UsageError } from "./UsageError.js";

// The parsers of a setting's text (a flag's or an environment variable's), each refusing bad
// input with a UsageError that names where the value came from.

/** A comma-separated list, trimmed, without empty entries. */
export function list(picked: { value: string } | undefined): string[] | undefined {
  return picked?.value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function integer(text: string, from: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) {
    throw new UsageError(`${from} must be an integer from ${min} to ${max}, got "${text}".`);
  }
  return value;
}

export function oneOf<T extends string>(picked: { value: string; from: string }, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(picked.value)) {
    throw new UsageError(
      `${picked.from} must be ${allowed.map((value) => `"${value}"`).join(" or ")}, got "${picked.value}".`,
    );
  }
  return picked.value as T;
}

export function decimal(text: string, from: string): number {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < 0) {
    throw new UsageError(`${from} must be a number of seconds (0 or more), got "${text}".`);
  }
  return value;
}
