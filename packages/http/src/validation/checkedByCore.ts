import { isPrivnetError } from "@privnet/core";
import { z } from "zod";

/** Issue params that carry the privnet error code of a failed check (`INVALID_AMOUNT`, …). */
export type CoreIssueParams = { privnetCode: string };

/** How the field reads in the OpenAPI document (JSON Schema keywords). */
export type CoreFieldSchema = {
  type: "string" | ("string" | "number")[];
  description: string;
  examples?: (string | number)[];
  pattern?: string;
};

/**
 * A JSON field (or path parameter) checked by one of core's own parsers (`parseAmount`,
 * `parseAddress`, `parseSymbol`, …), so that the HTTP API and the SDK accept exactly the same input
 * and answer with the same code and message. A missing field reads "is required"; a value core
 * refuses becomes a zod issue carrying core's code and message. `jsonSchema` documents the field in
 * the OpenAPI document (the check itself accepts any JSON value and leaves the refusing to core).
 * Add `.optional()` for a field that may be left out.
 *
 * @example
 * const amount = checkedByCore(parseAmount, { type: "string", description: "Decimal ETH.", examples: ["0.25"] });
 */
export function checkedByCore<Output = string>(
  parse: (value: unknown) => unknown,
  jsonSchema: CoreFieldSchema,
) {
  return z
    .unknown()
    .check(
      z.superRefine((value, context) => {
        if (value === undefined) {
          context.addIssue({ code: "custom", message: "is required" });
          return;
        }
        try {
          parse(value);
        } catch (error) {
          if (!isPrivnetError(error)) throw error;
          context.addIssue({
            code: "custom",
            message: error.shortMessage,
            params: { privnetCode: error.code } satisfies CoreIssueParams,
          });
        }
      }),
    )
    .meta(jsonSchema) as unknown as z.ZodType<Output>;
}
