import type { ErrorEnvelope } from "@privnet/http";
import { z } from "zod";

/** The body of every error answer of the oracle API. */
export const errorBody = z
  .object({
    success: z.literal(false),
    error: z.string().describe("What went wrong, for a person."),
    code: z.string().describe("Stable machine-readable code, e.g. UNKNOWN_SYMBOL."),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBody>;

/** The oracle API's error envelope: `{ success: false, error, code }`. */
export const oracleErrors: ErrorEnvelope<ErrorBody> = {
  schema: errorBody,
  wrap: ({ error, code }) => ({ success: false, error, code }),
};
