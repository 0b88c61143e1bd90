import type { z } from "zod";
import { InvalidFaultError } from "../errors/faults.js";
import { quoteInput } from "../errors/quoteInput.js";

/**
 * A fault's settings as given by any caller, typed or not, checked by the fault's schema (see
 * `faultSchema.ts`: `reorgOptionsSchema`, `timedFaultOptionsSchema`, …): the settings, or
 * {@link InvalidFaultError} (`FAULT_INVALID`) naming the first setting out of range and its rule.
 * The SDK, the devnet and the admin API all check with it, so they refuse the same input with the
 * same message.
 *
 * @example
 * parseFaultOptions(reorgOptionsSchema, { depth: 0 });
 * // InvalidFaultError: Invalid fault setting `depth`: expected an integer from 1 to 64, got 0.
 */
export function parseFaultOptions<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw invalidFaultOf(parsed.error.issues[0], input);
}

/** The first problem zod found, told as {@link InvalidFaultError}. */
function invalidFaultOf(issue: z.core.$ZodIssue | undefined, input: unknown): InvalidFaultError {
  if (!issue) return new InvalidFaultError("options", "not accepted");
  if (issue.code === "unrecognized_keys") {
    return new InvalidFaultError(String(issue.keys[0]), "not a setting of this fault");
  }
  const field = fieldOf(issue.path);
  const given = "input" in issue ? issue.input : input;
  if (given === undefined && field !== "options") return new InvalidFaultError(field, "required");
  return new InvalidFaultError(field, `expected ${issue.message}, got ${quoteInput(given)}`);
}

/** `drop[2]` for `["drop", 2]`; `options` for the settings as a whole. */
function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "options";
  return path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : `${index > 0 ? "." : ""}${String(key)}`))
    .join("");
}
