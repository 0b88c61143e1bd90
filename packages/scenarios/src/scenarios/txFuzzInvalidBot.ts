import { ChainUnreachableError, TransactionFailedError, TransactionRejectedError } from "@privnet/core";
import {
  type BotConfigOf,
  type BotContext,
  classifyNodeError,
  defineBot,
  TRANSFER_GAS,
  transactionFees,
} from "@privnet/core/bots";
import {
  concatHex,
  type Hex,
  hexToBigInt,
  keccak256,
  type LocalAccount,
  type PublicClient,
  parseEther,
  parseSignature,
  parseTransaction,
  serializeTransaction,
  type TransactionSerializableEIP1559,
  toRlp,
} from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { randomAddress, randomHex } from "./randomValues.js";

/**
 * The ways a transaction is made invalid, each one a rule every node enforces before it takes a
 * transaction into its pool.
 */
export const INVALID_TRANSACTION_KINDS = [
  /** Signed, then its `s` set to zero: no key signs that. */
  "bad-signature",
  /** Signed with `s` in the upper half of the curve order (EIP-2 forbids it). */
  "high-s",
  /** Signed for another chain (EIP-155). */
  "wrong-chain-id",
  /** A nonce the sender used already. */
  "nonce-too-low",
  /** More gas than a block holds. */
  "gas-above-block-limit",
  /** Less gas than the transaction's intrinsic cost. */
  "intrinsic-gas-too-low",
  /** A max fee below the priority fee (EIP-1559). */
  "fee-cap-below-tip",
  /** More value than the sender has. */
  "insufficient-funds",
  /** Init code above EIP-3860's 49,152 bytes. */
  "init-code-too-large",
] as const;

export type InvalidTransactionKind = (typeof INVALID_TRANSACTION_KINDS)[number];

export const txFuzzInvalidBotSchema = z.object({
  /** The kinds of invalid transaction sent, in turn. */
  kinds: z.array(z.enum(INVALID_TRANSACTION_KINDS)).min(1),
});

/** The tx-fuzz-invalid scenario's settings. */
export type TxFuzzInvalidBotConfig = BotConfigOf<typeof txFuzzInvalidBotSchema>;

export const TX_FUZZ_INVALID_BOT_DEFAULTS: TxFuzzInvalidBotConfig = {
  interval: 1_000,
  maxPending: 64,
  kinds: [...INVALID_TRANSACTION_KINDS],
};

/** The order of secp256k1's group: a valid `s` is below half of it. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The tx-fuzz-invalid scenario: signs transactions the node must refuse — one kind per tick, in
 * turn (see {@link INVALID_TRANSACTION_KINDS}) — and hands each straight to the node with
 * `eth_sendRawTransaction`, outside the send pipeline: nothing is recorded in the history as if
 * the node had taken it, and no nonce of the bot's is spent. Its stats count each refusal
 * (`counters`: `refused`, `refused:<kind>`); a transaction the node accepts is a finding
 * (`findings`, `accepted:<kind>`), reported as the bot's error with its hash.
 */
export const txFuzzInvalidBot = defineBot({
  name: "tx-fuzz-invalid",
  keyIndex: SCENARIO_KEY_INDEXES["tx-fuzz-invalid"],
  env: { prefix: "TX_FUZZ_INVALID" },
  schema: txFuzzInvalidBotSchema,
  defaults: TX_FUZZ_INVALID_BOT_DEFAULTS,
  async setup(ctx) {
    const run = { turn: 0, nonceUsed: new Map<string, Promise<void>>() };
    // Without a pool the bot signs: its first nonce is spent here, before the first tick. A pool's
    // wallets spend theirs at their first "nonce-too-low" turn.
    if (ctx.wallets.length === 0) await spendFirstNonce(ctx, run);
    return run;
  },
  async tick(ctx, run) {
    const kind = ctx.config.kinds[run.turn++ % ctx.config.kinds.length] ?? "bad-signature";
    // Signed by the sender of this tick (the bot, or one of its pool's wallets): "nonce too low"
    // needs a nonce that very account has used.
    if (kind === "nonce-too-low") await spendFirstNonce(ctx, run);
    const serialized = await invalidTransaction(ctx.client, ctx.account, kind);
    let hash: Hex;
    try {
      hash = (await ctx.client.request({ method: "eth_sendRawTransaction", params: [serialized] })) as Hex;
    } catch (error) {
      if (classifyNodeError(error) === "unreachable") throw new ChainUnreachableError({ cause: error });
      ctx.count("refused");
      ctx.count(`refused:${kind}`);
      return;
    }
    ctx.count("findings");
    ctx.count(`accepted:${kind}`);
    throw new TransactionRejectedError(
      `finding: the node accepted an invalid transaction (${kind}) as ${hash}; it should have refused it.`,
    );
  },
});

/**
 * "Nonce too low" needs a nonce the signer has used: an account that has sent nothing spends its
 * first on a transfer to itself (a valid transaction, through the pipeline, counted). Once per
 * account and run; the ticks of the same account meanwhile wait for it.
 */
function spendFirstNonce(
  ctx: BotContext<TxFuzzInvalidBotConfig>,
  run: { nonceUsed: Map<string, Promise<void>> },
): Promise<void> {
  const key = ctx.address.toLowerCase();
  let spent = run.nonceUsed.get(key);
  if (spent) return spent;
  spent = (async () => {
    const used = await ctx.client.getTransactionCount({ address: ctx.address, blockTag: "latest" });
    if (used > 0) return;
    const sent = await ctx.send({ to: ctx.address, gas: TRANSFER_GAS });
    const { record, reason } = await sent.wait();
    if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, reason);
  })();
  run.nonceUsed.set(key, spent);
  // A failure is not kept: the account's next such turn tries again.
  spent.catch(() => {
    if (run.nonceUsed.get(key) === spent) run.nonceUsed.delete(key);
  });
  return spent;
}

/** A signed transaction of `account`'s, invalid in the way `kind` says, as `eth_sendRawTransaction` takes it. */
export async function invalidTransaction(
  client: PublicClient,
  account: LocalAccount,
  kind: InvalidTransactionKind,
): Promise<Hex> {
  const [chainId, nonce, block, balance] = await Promise.all([
    client.getChainId(),
    client.getTransactionCount({ address: account.address, blockTag: "pending" }),
    client.getBlock({ blockTag: "latest" }),
    client.getBalance({ address: account.address }),
  ]).catch((error: unknown) => {
    throw new ChainUnreachableError({ cause: error });
  });
  const fees = transactionFees(block.baseFeePerGas);
  const valid: TransactionSerializableEIP1559 = {
    type: "eip1559",
    chainId,
    nonce,
    to: randomAddress(),
    value: 1n,
    gas: TRANSFER_GAS,
    ...fees,
  };
  const sign = (transaction: TransactionSerializableEIP1559) => account.signTransaction(transaction);
  switch (kind) {
    case "bad-signature":
    case "high-s": {
      const signed = parseTransaction(await sign(valid));
      const r = signed.r ?? "0x0";
      const s = BigInt(signed.s ?? "0x0");
      const yParity = signed.yParity ?? 0;
      if (kind === "bad-signature") return serializeTransaction(valid, { r, s: "0x0", yParity });
      // The same signature's twin (n − s, the other parity): it recovers the same key, and EIP-2 forbids it.
      return serializeTransaction(valid, {
        r,
        s: `0x${(CURVE_ORDER - s).toString(16).padStart(64, "0")}`,
        yParity: yParity === 0 ? 1 : 0,
      });
    }
    case "wrong-chain-id":
      return sign({ ...valid, chainId: chainId + 1 });
    case "nonce-too-low": {
      const used = await client.getTransactionCount({ address: account.address, blockTag: "latest" });
      return sign({ ...valid, nonce: Math.max(0, used - 1) });
    }
    case "gas-above-block-limit":
      return sign({ ...valid, gas: block.gasLimit + 1n });
    case "intrinsic-gas-too-low":
      return sign({ ...valid, gas: TRANSFER_GAS - 1n });
    case "fee-cap-below-tip":
      // viem refuses to serialize such a transaction: it is put together here.
      return signUnchecked(account, {
        ...valid,
        maxPriorityFeePerGas: fees.maxFeePerGas + 1n,
        maxFeePerGas: fees.maxFeePerGas,
      });
    case "insufficient-funds":
      return sign({ ...valid, value: balance + parseEther("1000000") });
    case "init-code-too-large": {
      const data = randomHex(49_153);
      return sign({
        ...valid,
        to: undefined,
        data,
        gas: 30_000_000n > block.gasLimit ? block.gasLimit : 30_000_000n,
      });
    }
  }
}

/**
 * An EIP-1559 transaction (no access list) signed and serialized without viem's checks of its
 * fields: `0x02 || rlp([chainId, nonce, tip, maxFee, gas, to, value, data, [], yParity, r, s])`.
 */
async function signUnchecked(
  account: LocalAccount,
  transaction: TransactionSerializableEIP1559,
): Promise<Hex> {
  if (!account.sign) throw new TypeError("the account cannot sign a hash");
  const quantity = (value: bigint | number | undefined) => {
    const hex = BigInt(value ?? 0).toString(16);
    return (
      value === undefined || BigInt(value) === 0n ? "0x" : `0x${hex.length % 2 ? "0" : ""}${hex}`
    ) as Hex;
  };
  const fields: (Hex | Hex[])[] = [
    quantity(transaction.chainId),
    quantity(transaction.nonce),
    quantity(transaction.maxPriorityFeePerGas),
    quantity(transaction.maxFeePerGas),
    quantity(transaction.gas),
    transaction.to ?? "0x",
    quantity(transaction.value),
    transaction.data ?? "0x",
    [],
  ];
  const signature = parseSignature(
    await account.sign({ hash: keccak256(concatHex(["0x02", toRlp(fields)])) }),
  );
  return concatHex([
    "0x02",
    toRlp([
      ...fields,
      quantity(signature.yParity),
      quantity(hexToBigInt(signature.r)),
      quantity(hexToBigInt(signature.s)),
    ]),
  ]);
}
