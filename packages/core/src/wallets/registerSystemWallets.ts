import { deriveAccounts, firstIndexes } from "../chain/deriveAccounts.js";
import { SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { isPrivnetError } from "../errors/PrivnetError.js";

let systemAccounts: ReturnType<typeof deriveAccounts> | undefined;

/**
 * Stores the chain's 21 prefunded accounts as wallets named "System 0" … "System 20", marked
 * `system: true`. Idempotent: accounts already stored (by this or another process sharing the
 * storage) are left as they are.
 *
 * @example
 * await registerSystemWallets(ctx); // createPlatform does this unless `registerSystemWallets: false`
 */
export async function registerSystemWallets(ctx: PlatformContext): Promise<void> {
  systemAccounts ??= deriveAccounts(SYSTEM_MNEMONIC, firstIndexes(SYSTEM_ACCOUNT_COUNT));
  const accounts = systemAccounts;
  await ctx.storage.withLock("wallets:system", async () => {
    for (const account of accounts) {
      if (await ctx.storage.wallets.getByAddress(account.address)) continue;
      try {
        await ctx.storage.wallets.insert({
          name: `System ${account.index}`,
          address: account.address,
          privateKey: await ctx.keyVault.seal(account.privateKey, account.address),
          system: true,
          createdAt: new Date().toISOString(),
        });
      } catch (error) {
        // Another process without a shared lock got there first: same outcome.
        if (!isPrivnetError(error, "WALLET_EXISTS")) throw error;
      }
    }
  });
}
