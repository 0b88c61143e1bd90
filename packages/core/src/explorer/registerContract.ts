import { Abi as AbiSchema } from "abitype/zod";
import type { Abi, Address } from "viem";
import { InvalidAbiError, InvalidLabelError, NoContractCodeError } from "../errors/explorer.js";
import { parseAddress } from "../input/parseAddress.js";
import type { RegisteredContractRecord } from "../storage/ExplorerStore.js";
import { MAX_LABEL_LENGTH } from "./AddressLabels.js";
import type { ExplorerContext } from "./ExplorerContext.js";

export type RegisterContractParameters = {
  /** What to call it (1 to 64 characters); it also labels the address. */
  name: string;
  address: Address | string;
  /** The contract's JSON ABI, as solc, Hardhat and Foundry write it. */
  abi: Abi | readonly unknown[];
};

/**
 * Registers a contract's ABI so that its calls, logs and errors are decoded and its view
 * functions can be read. The ABI is checked with abitype's zod schema (`INVALID_ABI` lists each
 * problem) and the chain must hold code at the address (`NO_CONTRACT_CODE`). Registering an
 * address again replaces its name and ABI.
 *
 * @example
 * await platform.contracts.register({ name: "Gauge", address, abi: gaugeAbi });
 */
export async function registerContract(
  ctx: ExplorerContext,
  params: RegisterContractParameters,
): Promise<RegisteredContractRecord> {
  const name = checkName(params.name, "contract's name");
  const address = parseAddress(params.address, "address");
  const parsed = parseAbi(params.abi);
  const code = await ctx.reader.getCode({ address });
  if (code === undefined || code === "0x") throw new NoContractCodeError(address);
  const stored = await ctx.store.contracts.put({
    address,
    name,
    abi: parsed.data as Abi,
    createdAt: new Date().toISOString(),
  });
  ctx.registry.forget();
  ctx.labels.forget();
  return stored;
}

/** A label or a contract's name: trimmed, 1 to {@link MAX_LABEL_LENGTH} characters. */
export function checkName(value: unknown, what: string): string {
  if (typeof value !== "string") throw new InvalidLabelError(`The ${what} must be a string.`);
  const name = value.trim();
  if (name.length === 0) throw new InvalidLabelError(`The ${what} must not be empty.`);
  if ([...name].length > MAX_LABEL_LENGTH) {
    throw new InvalidLabelError(
      `The ${what} must be at most ${MAX_LABEL_LENGTH} characters; got ${[...name].length}.`,
    );
  }
  return name;
}

/**
 * `abi` checked as abitype's schema checks it, entry by entry. Entries that are not objects are
 * refused first: the schema's transforms assume objects and throw a TypeError on `false` or a
 * number (seen: a 500 for `abi: [false]`), and anything else it throws is a refusal too.
 */
function parseAbi(abi: unknown): { data: Abi } {
  if (!Array.isArray(abi)) throw new InvalidAbiError(["abi: must be an array of entries"]);
  const notObjects = abi.flatMap((entry, index) =>
    typeof entry === "object" && entry !== null && !Array.isArray(entry) ? [] : [`abi[${index}]`],
  );
  if (notObjects.length > 0) {
    const named = notObjects.slice(0, 5).join(", ");
    const more = notObjects.length > 5 ? ` and ${notObjects.length - 5} more` : "";
    throw new InvalidAbiError([
      `${named}${more}: each entry must be an object (a function, event, error, constructor, fallback or receive)`,
    ]);
  }
  let parsed: ReturnType<typeof AbiSchema.safeParse>;
  try {
    parsed = AbiSchema.safeParse(abi);
  } catch (error) {
    throw new InvalidAbiError([`abi: ${error instanceof Error ? error.message : String(error)}`]);
  }
  if (!parsed.success) {
    throw new InvalidAbiError(
      parsed.error.issues.map((issue) => {
        const path = issue.path.length > 0 ? `abi[${issue.path.join("][")}]` : "abi";
        return `${path}: ${issue.message}`;
      }),
    );
  }
  return { data: parsed.data as Abi };
}
