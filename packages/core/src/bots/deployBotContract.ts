import type { Address, Hex } from "viem";
import { TransactionFailedError } from "../errors/sender.js";
import type { BotBaseConfig } from "./BotConfig.js";
import type { BotContext } from "./BotDefinition.js";

/**
 * The bot's contract stored under `key`, or a new deployment of `initCode` when none is stored or
 * the chain no longer has its code (reset, revert). Waits for the deployment to confirm, stores its
 * address under `key` and its block under `<key>BlockNumber`, and emits `deployed`.
 *
 * @example
 * const token = await deployBotContract(ctx, "token", encodeDeployData({ abi, bytecode, args }), "TestToken");
 */
export async function deployBotContract<Config extends BotBaseConfig>(
  ctx: BotContext<Config>,
  key: string,
  initCode: Hex,
  label: string,
): Promise<{ address: Address; deployed: boolean }> {
  const stored = ctx.data.get<Address>(key);
  if (stored) {
    const code = await ctx.client.getCode({ address: stored });
    if (code && code !== "0x") return { address: stored, deployed: false };
  }
  const sent = await ctx.send({ data: initCode });
  const { record, reason } = await sent.wait();
  if (record.status !== "confirmed" || !sent.contractAddress) {
    throw new TransactionFailedError(record.hash, `deploying ${label}: ${reason}`);
  }
  await ctx.data.set(`${key}BlockNumber`, String(record.blockNumber));
  await ctx.data.set(key, sent.contractAddress);
  ctx.emit({ type: "deployed", message: `${ctx.name} bot deployed ${label}`, address: sent.contractAddress });
  return { address: sent.contractAddress, deployed: true };
}
