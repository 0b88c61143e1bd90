import {
  ChainUnreachableError,
  ContractDeploymentFailedError,
  errorCodes,
  InvalidAmountError,
  InvalidOptionsError,
  WalletNotFoundError,
} from "@privnet/core";
import { HttpRequestError } from "viem";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { errorStatus } from "./errorStatus.js";
import { HttpError } from "./HttpError.js";
import { InvalidInputError } from "./InvalidInputError.js";
import { type ErrorEnvelope, toErrorResponse } from "./toErrorResponse.js";

const admin: ErrorEnvelope<{ error: string; code: string }> = {
  schema: z.object({ error: z.string(), code: z.string() }),
  wrap: (error) => error,
};
const oracle: ErrorEnvelope<{ success: false; error: string; code: string }> = {
  schema: z.object({ success: z.literal(false), error: z.string(), code: z.string() }),
  wrap: ({ error, code }) => ({ success: false, error, code }),
};

describe("one classification, each server's envelope", () => {
  test("the same error reads the same in both envelopes", () => {
    const error = new WalletNotFoundError(7);
    expect(toErrorResponse(error, admin)).toEqual({
      status: 404,
      code: "WALLET_NOT_FOUND",
      body: { error: "Wallet 7 not found.", code: "WALLET_NOT_FOUND" },
      headers: {},
    });
    expect(toErrorResponse(error, oracle)).toMatchObject({
      status: 404,
      body: { success: false, error: "Wallet 7 not found.", code: "WALLET_NOT_FOUND" },
    });
  });

  test("where the two servers' tables disagreed, both now answer the one table's status", () => {
    expect(toErrorResponse(new InvalidOptionsError("oracle.seed must be a number."), oracle)).toMatchObject({
      status: 500,
      code: "INVALID_OPTIONS",
    });
    expect(toErrorResponse(new ContractDeploymentFailedError("PriceOracle"), admin)).toMatchObject({
      status: 503,
      code: "CONTRACT_DEPLOYMENT_FAILED",
    });
  });

  test("every code core knows has a status, and so has every code of the HTTP layer", () => {
    for (const code of errorCodes) {
      expect(errorStatus[code], code).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code], code).toBeLessThan(600);
    }
    expect(new HttpError("METHOD_NOT_ALLOWED", "no", { Allow: "GET" })).toMatchObject({
      status: 405,
      headers: { Allow: "GET" },
    });
  });

  test("invalid input keeps core's code; a ZodError from anywhere else is a bug, a 500", () => {
    const schema = z.object({
      amount: z.string().check(
        z.refine(() => false, {
          params: { privnetCode: "INVALID_AMOUNT" },
          message: "The amount is not valid.",
        }),
      ),
    });
    const parsed = schema.safeParse({ amount: "x" });
    if (parsed.success) throw new Error("unreachable");
    expect(toErrorResponse(new InvalidInputError(parsed.error), admin)).toMatchObject({
      status: 400,
      body: { error: "The amount is not valid.", code: "INVALID_AMOUNT" },
    });
    expect(toErrorResponse(parsed.error, admin)).toMatchObject({
      status: 500,
      body: { error: "Internal server error.", code: "INTERNAL" },
    });
  });

  test("body-reader failures, an unreachable node or database, and anything else", () => {
    const bodyError = (type: string) => Object.assign(new Error(type), { type });
    expect(toErrorResponse(bodyError("entity.too.large"), admin)).toMatchObject({
      status: 413,
      body: { code: "BODY_TOO_LARGE" },
    });
    expect(toErrorResponse(bodyError("charset.unsupported"), oracle)).toMatchObject({
      status: 415,
      body: { success: false, code: "UNSUPPORTED_MEDIA_TYPE" },
    });
    expect(toErrorResponse(bodyError("request.aborted"), admin)).toMatchObject({ status: 400 });
    const transport = new HttpRequestError({ url: "http://127.0.0.1:1", cause: new Error("fetch failed") });
    expect(toErrorResponse(transport, admin)).toMatchObject({
      status: 503,
      body: { code: "CHAIN_UNREACHABLE", error: new ChainUnreachableError().shortMessage },
    });
    const socket = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(toErrorResponse(socket, admin)).toMatchObject({
      status: 503,
      body: { code: "STORAGE_UNREACHABLE" },
    });
    expect(toErrorResponse(new TypeError("secret detail"), admin)).toEqual({
      status: 500,
      code: "INTERNAL",
      body: { error: "Internal server error.", code: "INTERNAL" },
      headers: {},
    });
  });

  test("a core error's short message is shown, its details are not", () => {
    expect(toErrorResponse(new InvalidAmountError("-1", "it is negative."), admin)).toMatchObject({
      status: 400,
      body: { error: 'The amount "-1" is not valid: it is negative.', code: "INVALID_AMOUNT" },
    });
  });
});
