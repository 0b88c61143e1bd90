import type { ErrorEnvelope } from "@privnet/http";
import { z } from "zod";

/** The body of every error answer of the admin API. */
export const errorBody = z
  .object({
    error: z.string().describe("What went wrong, for a person."),
    code: z.string().describe("Stable machine-readable code, e.g. WALLET_NOT_FOUND."),
  })
  .meta({ id: "Error" });

/** The admin API's error envelope: `{ error, code }`. */
export const adminErrors: ErrorEnvelope<z.output<typeof errorBody>> = {
  schema: errorBody,
  wrap: (error) => error,
};
