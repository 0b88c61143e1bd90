import { type SendTransactionReturnType, TransactionFailedError } from "@privnet/core";
import {
  amountRange,
  type BotConfigOf,
  type BotContext,
  decimalAmount,
  defineBot,
  deployBotContract,
  randomAmount,
  recipientsSource,
} from "@privnet/core/bots";
import { type Address, encodeDeployData, encodeFunctionData, keccak256, parseEther, stringToHex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { exampleTokenAbi, exampleTokenBytecode } from "./generated.js";

export const approveTransferFromSchema = z.object({
  /** Tokens per pair, decimal (18 decimals). */
  amount: decimalAmount,
  /** When set (the default), each pair moves a random amount in this range instead. */
  random: amountRange.nullable(),
  /** Who receives the tokens the spender pulls: a stored wallet (fresh when none) or always fresh. */
  recipients: recipientsSource,
});

/** The approve-transfer-from scenario's settings. */
export type ApproveTransferFromConfig = BotConfigOf<typeof approveTransferFromSchema>;

export const APPROVE_TRANSFER_FROM_DEFAULTS: ApproveTransferFromConfig = {
  interval: 1_000,
  maxPending: 64,
  amount: "1",
  random: { min: "1", max: "10" },
  recipients: "wallets",
};

/** The token's supply, minted to the bot when it deploys it: enough for ~10⁸ pairs at the defaults. */
export const EXAMPLE_TOKEN_SUPPLY = parseEther("1000000000");

/** The spender's ETH is topped up to this when it falls below a tenth of it. */
export const SPENDER_FUNDING = parseEther("0.5");

/**
 * The spender: an account of the scenario's own, derived from the bot's address, so that the same
 * bot finds the same spender on every start. Its key follows from public data: devnet traffic only.
 */
export function spenderAccount(owner: Address): PrivateKeyAccount {
  return privateKeyToAccount(keccak256(stringToHex(`custom-scenarios spender:${owner.toLowerCase()}`)));
}

/**
 * The approve-transfer-from scenario: deploys an ExampleToken (an OpenZeppelin ERC20, its supply
 * minted to the bot) on its first start, and each tick makes one allowance round trip on chain —
 * the bot (the owner) approves its spender for an amount, then, once that is mined, the spender
 * calls `transferFrom(owner, recipient, amount)`, spending the allowance to zero. The spender is an
 * account of the scenario's own that the bot funds with ETH for gas; both sends go through the
 * platform's pipeline and are recorded under the scenario's name.
 */
export const approveTransferFromBot = defineBot({
  name: "approve-transfer-from",
  env: { prefix: "APPROVE_TRANSFER_FROM", randomRange: { min: "1", max: "10" } },
  schema: approveTransferFromSchema,
  defaults: APPROVE_TRANSFER_FROM_DEFAULTS,
  // The owner is the bot's key and the spender an account of its own: a pool has no part to play.
  refusesWalletPool: "its owner is the bot's own key and its spender an account it derives",
  contract: { key: "token", name: "EXT", contract: "ExampleToken", abi: exampleTokenAbi },
  async setup(ctx) {
    const { address: token } = await deployBotContract(
      ctx,
      "token",
      encodeDeployData({
        abi: exampleTokenAbi,
        bytecode: exampleTokenBytecode,
        args: [EXAMPLE_TOKEN_SUPPLY],
      }),
      "ExampleToken",
    );
    const spender = spenderAccount(ctx.address);
    await fundSpender(ctx, spender.address);
    return { token, spender };
  },
  async tick(ctx, { token, spender }) {
    const amount = randomAmount(ctx.config.amount, ctx.config.random, 18);
    const recipient = await ctx.pickRecipient();
    // The spender's transferFrom must follow the approval, and they come from two accounts: no
    // nonce orders them, so the approval is mined first.
    await confirmed(
      ctx.send({
        to: token,
        data: encodeFunctionData({
          abi: exampleTokenAbi,
          functionName: "approve",
          args: [spender.address, amount],
        }),
      }),
      "approve",
    );
    await confirmed(
      ctx.send({
        account: spender,
        to: token,
        data: encodeFunctionData({
          abi: exampleTokenAbi,
          functionName: "transferFrom",
          args: [ctx.address, recipient, amount],
        }),
      }),
      "transferFrom",
    );
    ctx.count("pairs");
    await fundSpender(ctx, spender.address);
  },
});

/** Tops the spender's ETH up to {@link SPENDER_FUNDING} once it fell below a tenth of it. */
async function fundSpender(ctx: BotContext<ApproveTransferFromConfig>, spender: Address) {
  const balance = await ctx.client.getBalance({ address: spender });
  if (balance >= SPENDER_FUNDING / 10n) return;
  await confirmed(ctx.send({ to: spender, value: SPENDER_FUNDING - balance }), "funding the spender");
  ctx.emit({
    type: "funded",
    message: `approve-transfer-from funded its spender ${spender}`,
    address: spender,
  });
}

/** Waits for a send to be mined; a revert or a drop fails the tick (counted as the bot's error). */
async function confirmed(sending: Promise<SendTransactionReturnType>, what: string) {
  const { record, reason } = await (await sending).wait();
  if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, `${what}: ${reason}`);
  return record;
}
