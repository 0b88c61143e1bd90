import { BotUnsupportedError } from "@privnet/core";
import { type BotConfigOf, type BotTransaction, defineBot } from "@privnet/core/bots";
import { type AccessList, type Address, getAddress, type Hex, numberToHex, toBlobs } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { intrinsicGas } from "./intrinsicGas.js";
import { pick, randomAddress, randomBigInt, randomHex, randomInt } from "./randomValues.js";
import { chainForks } from "./requireFork.js";

/**
 * The transaction types the fuzzer sends: legacy (type 0), EIP-2930 (type 1), EIP-1559 (type 2),
 * blob (type 3), set-code (type 4).
 */
export const TX_FUZZ_TYPES = ["legacy", "eip2930", "eip1559", "blob", "set-code"] as const;
export type TxFuzzType = (typeof TX_FUZZ_TYPES)[number];

/** Where a fuzzed transaction goes: a fresh address, a precompile, the bot itself, or nowhere (a deployment). */
export const TX_FUZZ_RECIPIENTS = ["fresh", "precompile", "self", "create"] as const;

export const txFuzzBotSchema = z.object({
  /** The types to send, in turn; those the node lacks (blobs before Cancun, set-code before Prague) are left out. */
  types: z.array(z.enum(TX_FUZZ_TYPES)).min(1),
  /** Most bytes of random call data (or init code). */
  maxDataBytes: z.number().int().min(0).max(32_768),
  /** Most wei sent with a transaction, a decimal string. */
  maxValue: z.string().regex(/^\d+$/, "must be a whole number of wei, as a decimal string"),
  /** Most gas given above the transaction's intrinsic cost (a random share of it). */
  maxExtraGas: z.number().int().min(0).max(10_000_000),
});

/** The tx-fuzz scenario's settings. */
export type TxFuzzBotConfig = BotConfigOf<typeof txFuzzBotSchema>;

export const TX_FUZZ_BOT_DEFAULTS: TxFuzzBotConfig = {
  interval: 1_000,
  maxPending: 64,
  types: [...TX_FUZZ_TYPES],
  maxDataBytes: 512,
  maxValue: "1000",
  maxExtraGas: 200_000,
};

/** The precompiles of the chain's forks: 0x01–0x09, Cancun's point evaluation (0x0a), Prague's BLS12-381 (0x0b–0x11). */
export function precompiles(forks: { cancun: boolean; prague: boolean }): Address[] {
  const last = forks.prague ? 0x11 : forks.cancun ? 0x0a : 0x09;
  return Array.from({ length: last }, (_, index) => getAddress(numberToHex(index + 1, { size: 20 })));
}

/** The types `wanted` the node's forks allow. */
function availableTypes(wanted: readonly TxFuzzType[], forks: { cancun: boolean; prague: boolean }) {
  return wanted.filter((type) =>
    type === "blob" ? forks.cancun : type === "set-code" ? forks.prague : true,
  );
}

/**
 * The tx-fuzz scenario: valid transactions with random fields, every type in turn (legacy,
 * EIP-2930, EIP-1559, blob, set-code, as the node's forks allow) and every kind of recipient in turn (a fresh
 * address, a precompile, the bot itself, a deployment of random init code), each with random data,
 * value, access list and a gas limit between its intrinsic cost and `maxExtraGas` above it. Many
 * revert (random input to a precompile, random init code): they are still valid transactions,
 * mined and paid for. A start whose every type the node lacks is refused (`BOT_UNSUPPORTED`).
 */
export const txFuzzBot = defineBot({
  name: "tx-fuzz",
  keyIndex: SCENARIO_KEY_INDEXES["tx-fuzz"],
  env: { prefix: "TX_FUZZ" },
  schema: txFuzzBotSchema,
  defaults: TX_FUZZ_BOT_DEFAULTS,
  async check({ client, config, name }) {
    const forks = await chainForks(client);
    if (availableTypes(config.types, forks).length === 0) {
      throw new BotUnsupportedError(
        name,
        config.types.includes("blob")
          ? "Cancun (EIP-4844 blob transactions)"
          : "Prague (EIP-7702 set-code transactions)",
        `none of the types asked for (${config.types.join(", ")}) is available on its chain.`,
      );
    }
  },
  async setup(ctx) {
    const forks = await chainForks(ctx.client);
    return { types: availableTypes(ctx.config.types, forks), precompiles: precompiles(forks), turn: 0 };
  },
  async tick(ctx, run) {
    const turn = run.turn++;
    const type = run.types[turn % run.types.length] ?? "eip1559";
    let recipient =
      TX_FUZZ_RECIPIENTS[Math.floor(turn / run.types.length) % TX_FUZZ_RECIPIENTS.length] ?? "fresh";
    // Blob and set-code transactions cannot deploy; types 0–2 can.
    if (recipient === "create" && (type === "blob" || type === "set-code")) recipient = "fresh";
    const to =
      recipient === "create"
        ? undefined
        : recipient === "precompile"
          ? pick(run.precompiles)
          : recipient === "self"
            ? ctx.address
            : randomAddress();
    const data = randomHex(randomInt(recipient === "create" ? 1 : 0, ctx.config.maxDataBytes));
    // A legacy transaction has no access list; an EIP-2930 one always has one (maybe empty).
    const accessList =
      type === "legacy"
        ? undefined
        : type === "eip2930" || Math.random() < 0.5
          ? randomAccessList(run.precompiles)
          : undefined;
    const transaction: BotTransaction = {
      to,
      data,
      value: randomBigInt(0n, BigInt(ctx.config.maxValue)),
      accessList,
      ...(type === "legacy" || type === "eip2930" ? { type } : {}),
    };
    let authorizations = 0;
    if (type === "blob") {
      transaction.blobs = Array.from(
        { length: randomInt(1, 2) },
        () => toBlobs({ data: randomHex(randomInt(1, 2_048)) })[0] as Hex,
      );
    } else if (type === "set-code") {
      authorizations = randomInt(1, 3);
      // Fresh accounts delegate to random addresses (precompiles among them): a delegation to code
      // or to nothing is equally valid.
      transaction.authorizationList = Array.from({ length: authorizations }, () => ({
        contractAddress: Math.random() < 0.3 ? pick(run.precompiles) : randomAddress(),
        privateKey: generatePrivateKey(),
        nonce: 0,
      }));
    }
    transaction.gas =
      intrinsicGas({ data, create: to === undefined, accessList, authorizations }) +
      randomBigInt(0n, BigInt(ctx.config.maxExtraGas));
    ctx.count(`type:${type}`);
    ctx.count(`recipient:${recipient}`);
    await ctx.send(transaction);
  },
});

/** 0–3 entries of random addresses (precompiles among them), each with 0–3 random slots. */
function randomAccessList(precompiles: readonly Address[]): AccessList {
  return Array.from({ length: randomInt(0, 3) }, () => ({
    address: Math.random() < 0.3 ? pick(precompiles) : randomAddress(),
    storageKeys: Array.from({ length: randomInt(0, 3) }, () => randomHex(32)),
  }));
}
