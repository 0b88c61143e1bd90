import type { ZodError } from "zod";

/**
 * "fromWalletId: is required; The amount \"-1\" is not valid: it is negative." Issues raised by
 * core's own parsers (see `checkedByCore`) keep core's message, which names the field already.
 * Reads best when the input was parsed with `reportInput: true` (it can then tell "missing" from
 * "wrong type"; the input itself is never shown).
 *
 * @example
 * describeZodError(schema.safeParse(body, { reportInput: true }).error); // "name: expected a string, got the number 42"
 */
export function describeZodError(error: ZodError): string {
  const described = error.issues.map((issue) => {
    if (privnetCodeOf(issue)) return issue.message;
    const where = issue.path.length ? issue.path.map(describeKey).join(".") : "body";
    return `${where}: ${describeIssue(issue)}`;
  });
  // A body with many bad entries (a record of a hundred wrong values) is told by its first
  // problems and a count, so that the message stays short enough to read.
  let message = described[0] ?? "";
  let shown = 1;
  for (const next of described.slice(1)) {
    if (message.length + next.length + 2 > MESSAGE_LIMIT) break;
    message += `; ${next}`;
    shown++;
  }
  if (message.length > MESSAGE_LIMIT) message = `${message.slice(0, MESSAGE_LIMIT - 1)}…`;
  return shown < described.length ? `${message}; and ${described.length - shown} more` : message;
}

/** The longest list of problems one message gives before "and N more", in characters. */
const MESSAGE_LIMIT = 300;

/** A key of the caller's object as a path shows it: cut when long (it is the caller's text). */
function describeKey(key: PropertyKey): string {
  const text = String(key);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Core's code when every issue is one core raised with the same code, else VALIDATION_FAILED. */
export function zodErrorCode(error: ZodError): string {
  const codes = new Set(error.issues.map(privnetCodeOf));
  const [only] = codes;
  return codes.size === 1 && only ? only : "VALIDATION_FAILED";
}

/** zod's own wording, made plainer for the common cases. */
function describeIssue(issue: ZodError["issues"][number]): string {
  if (issue.code === "invalid_type") {
    if (issue.input === undefined) return "is required";
    if (issue.message.startsWith("Invalid input"))
      return `expected ${article(issue.expected)}, got ${kindOf(issue.input)}`;
  }
  if (issue.code === "unrecognized_keys") {
    return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
  }
  return issue.message;
}

function article(expected: string): string {
  return expected === "object"
    ? "a JSON object"
    : /^[aeiou]/.test(expected)
      ? `an ${expected}`
      : `a ${expected}`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  return `${typeof value === "number" ? "the number" : typeof value} ${String(value)}`;
}

function privnetCodeOf(issue: ZodError["issues"][number]): string | undefined {
  const params = (issue as { params?: { privnetCode?: unknown } }).params;
  return typeof params?.privnetCode === "string" ? params.privnetCode : undefined;
}
