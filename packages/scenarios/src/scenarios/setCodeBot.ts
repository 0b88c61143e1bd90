import { type BotConfigOf, defineBot, deployBotContract } from "@privnet/core/bots";
import { setCodeDelegateAbi, setCodeDelegateBytecode } from "@privnet/core/contracts";
import { type Address, encodeDeployData, encodeFunctionData } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { randomInt } from "./randomValues.js";
import { requireFork } from "./requireFork.js";

export const setCodeBotSchema = z.object({
  /** Fresh accounts each set-code transaction delegates (one authorization each). */
  authorizations: z.number().int().min(1).max(32),
  /** Delegated accounts the bot keeps calling afterwards (the most recent ones). */
  keep: z.number().int().min(1).max(10_000),
});

/** The set-code scenario's settings. */
export type SetCodeBotConfig = BotConfigOf<typeof setCodeBotSchema>;

export const SET_CODE_BOT_DEFAULTS: SetCodeBotConfig = {
  interval: 1_000,
  maxPending: 64,
  authorizations: 2,
  keep: 100,
};

/** EIP-7702's intrinsic cost per authorization (PER_EMPTY_ACCOUNT_COST). */
const GAS_PER_AUTHORIZATION = 25_000n;
/** A ping at a delegated account: the transaction, the delegation's lookup, the count's SSTORE, the event. */
const PING_GAS = 90_000n;

const ping = encodeFunctionData({ abi: setCodeDelegateAbi, functionName: "ping" });

/**
 * The set-code scenario (EIP-7702, needs Prague): deploys SetCodeDelegate, then in turn (1) sends
 * a set-code transaction in which `authorizations` fresh accounts delegate their code to it and
 * the first of them is pinged in the same transaction, and (2) pings one of the accounts delegated
 * before: a call to the account that runs the delegate's code on the account's own storage. The
 * bot pays for everything; the accounts hold no ETH. On a node before Prague the start is refused
 * (`BOT_UNSUPPORTED`).
 */
export const setCodeBot = defineBot({
  name: "set-code",
  keyIndex: SCENARIO_KEY_INDEXES["set-code"],
  env: { prefix: "SET_CODE" },
  schema: setCodeBotSchema,
  defaults: SET_CODE_BOT_DEFAULTS,
  contract: {
    key: "delegate",
    name: "SetCodeDelegate",
    contract: "SetCodeDelegate",
    abi: setCodeDelegateAbi,
  },
  check: ({ client, name }) => requireFork(client, name, "prague"),
  async setup(ctx) {
    const { address } = await deployBotContract(
      ctx,
      "delegate",
      encodeDeployData({ abi: setCodeDelegateAbi, bytecode: setCodeDelegateBytecode }),
      "SetCodeDelegate",
    );
    // The run's state: the delegate, the accounts delegated to it (most recent last), the turn.
    return { delegate: address, delegated: [] as Address[], turn: 0 };
  },
  async tick(ctx, run) {
    const { authorizations, keep } = ctx.config;
    if (run.turn++ % 2 === 1 && run.delegated.length > 0) {
      const account = run.delegated[randomInt(0, run.delegated.length - 1)] as Address;
      await ctx.send({ to: account, data: ping, gas: PING_GAS });
      return;
    }
    // Fresh keys, used once: each signs its one authorization (nonce 0) and is forgotten.
    const keys = Array.from({ length: authorizations }, () => generatePrivateKey());
    const accounts = keys.map((key) => privateKeyToAddress(key));
    const sent = await ctx.send({
      to: accounts[0],
      data: ping,
      authorizationList: keys.map((privateKey) => ({ contractAddress: run.delegate, privateKey, nonce: 0 })),
      gas: PING_GAS + GAS_PER_AUTHORIZATION * BigInt(authorizations),
    });
    ctx.background(async () => {
      const { record } = await sent.wait();
      if (record.status !== "confirmed") return;
      run.delegated.push(...accounts);
      if (run.delegated.length > keep) run.delegated.splice(0, run.delegated.length - keep);
    });
  },
});
