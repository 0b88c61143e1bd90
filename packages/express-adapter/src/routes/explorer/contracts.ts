import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { jsonValue } from "../../schemas/explorer.js";
import { addressInput, addressOutput, isoTimestamp } from "../../schemas/fields.js";

const abi = z.array(z.record(z.string(), z.unknown())).describe("The contract's JSON ABI.");

export const registeredContract = z
  .object({
    name: z.string(),
    address: addressOutput,
    abi,
    source: z.literal("user"),
    createdAt: isoTimestamp,
  })
  .meta({ id: "RegisteredContract" });

export const registerContract = defineRoute({
  method: "post",
  path: "/contracts",
  operationId: "registerContract",
  summary: "Register a contract's ABI",
  description:
    "Its calls, logs and errors are decoded everywhere, its address is labelled with `name`, and its view functions can be read (`POST /contracts/{address}/read`). The ABI is checked with abitype's schema; the chain must hold code at the address. Registering an address again replaces its name and ABI.",
  tag: "explorer",
  body: {
    schema: z.object({
      name: z
        .string({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(64, { error: "must be at most 64 characters" })
        .describe("What to call it: 1 to 64 characters."),
      address: addressInput("address"),
      abi: z.unknown().describe("The contract's JSON ABI (an array), as solc, Hardhat and Foundry write it."),
    }),
    required: true,
  },
  response: z.object({ contract: registeredContract }),
  successStatus: 201,
  errors: {
    400: "A name that is empty or longer than 64 characters (VALIDATION_FAILED, INVALID_LABEL), a bad address (INVALID_ADDRESS), an ABI that does not parse, listing each problem (INVALID_ABI), or an address without code (NO_CONTRACT_CODE).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, body }) {
    const stored = await platform.contracts.register({
      name: body.name,
      address: body.address,
      abi: body.abi as readonly unknown[],
    });
    return {
      contract: { ...stored, abi: [...stored.abi] as Record<string, unknown>[], source: "user" as const },
    };
  },
});

export const getContract = defineRoute({
  method: "get",
  path: "/contracts/:address",
  operationId: "getContract",
  summary: "The contract the explorer knows at an address, with its ABI",
  description:
    "A platform contract, a bot's, one a user registered, or one whose code matches a loaded build artifact (`source: artifact`).",
  tag: "explorer",
  params: z.object({ address: addressInput("address") }),
  response: z
    .object({
      name: z.string(),
      address: addressOutput,
      abi,
      source: z.enum(["platform", "bot", "user", "artifact", "standard"]),
      proxy: z
        .object({ standard: z.enum(["eip1167", "eip1967"]), implementation: addressOutput })
        .optional()
        .describe("An EIP-1167 clone or EIP-1967 proxy, decoded with its implementation's ABI."),
    })
    .meta({ id: "KnownContract" }),
  errors: {
    400: "Not an address (INVALID_ADDRESS).",
    404: "No ABI is known for this address (CONTRACT_NOT_FOUND).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params }) {
    const known = await platform.contracts.lookup(params.address);
    return { ...known, abi: [...known.abi] as Record<string, unknown>[] };
  },
});

export const readContract = defineRoute({
  method: "post",
  path: "/contracts/:address/read",
  operationId: "readContract",
  summary: "Call a view function of a known contract",
  description:
    "View and pure functions only. `function` is a name, or a signature (`balanceOf(address)`) for an overloaded one; `args` as JSON: integers as decimal strings (or safe numbers), addresses, booleans, arrays, structs as objects. The answer's integers are decimal strings.",
  tag: "explorer",
  params: z.object({ address: addressInput("address") }),
  body: {
    schema: z.object({
      function: z
        .string({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(200, { error: "must be at most 200 characters" })
        .describe("The function's name or signature."),
      args: z.array(z.unknown()).max(32).optional().describe("Its arguments, in order. Default: none."),
    }),
    required: true,
  },
  response: z
    .object({
      result: z.unknown().describe("What it returned, as JSON (one output: the value; several: an array)."),
    })
    .meta({ id: "ContractRead" }),
  errors: {
    400: "Not an address (INVALID_ADDRESS), an unknown or state-changing function or arguments that do not fit (INVALID_CONTRACT_CALL), or the call reverted (CONTRACT_READ_REVERTED).",
    404: "No ABI is known for this address (CONTRACT_NOT_FOUND).",
    503: "The chain or the database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params, body }) {
    const result = await platform.contracts.read(params.address, body.function, body.args ?? []);
    return { result: jsonValue(result) ?? null };
  },
});
