import { type FastAccount, toFastAccount } from "@privnet/core";
import { type Address, keccak256, toHex } from "viem";

/**
 * `count` accounts of a scenario's own (a lending scenario's borrowers), derived from the bot's
 * address and a `seed`: the same bot and seed give the same accounts on every start, another seed
 * a separate set. Their keys follow from public data: devnet traffic only.
 *
 * @example
 * const borrowers = scenarioAccounts(ctx.address, "lending", 10);
 */
export function scenarioAccounts(bot: Address, seed: string, count: number): FastAccount[] {
  return Array.from({ length: count }, (_, index) =>
    toFastAccount(keccak256(toHex(`privnet scenario account:${bot.toLowerCase()}:${seed}:${index}`))),
  );
}
