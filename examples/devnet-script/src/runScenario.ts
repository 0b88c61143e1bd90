import { createPlatform, type Platform } from "@privnet/core";
import type { Chain } from "viem";
import { http } from "viem";

export type ScenarioOptions = {
  /** Blocks the transfer bot runs for. Default 5. */
  blocks?: number;
  /** How far ETH falls, in percent. Default 40. */
  crashPercent?: number;
  /** Where each step is told. Default: nothing. */
  log?: (line: string) => void;
};

/**
 * A scripted scenario on a devnet: two wallets, the transfer bot for a few blocks, a borrow, a
 * crash of the ETH price and the liquidation that follows. Returns what happened.
 */
export async function runScenario(devnet: { rpcUrl: string; chain: Chain }, options: ScenarioOptions = {}) {
  const { blocks = 5, crashPercent = 40, log = () => {} } = options;
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    chain: devnet.chain,
    contracts: true,
  });
  try {
    // 1. Wallets, funded from a prefunded system wallet (id 2) through the platform's sender.
    const alice = await platform.wallets.create({ name: "alice" });
    const bob = await platform.wallets.create({ name: "bob" });
    for (const [wallet, amount] of [
      [alice, "10"],
      [bob, "200"],
    ] as const) {
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: wallet.address, amount });
      await platform.transactions.wait(sent.id);
      log(`wallet ${wallet.name} ${wallet.address}: funded with ${amount} ETH`);
    }

    // 2. The transfer bot, for `blocks` blocks of its own transfers.
    const botBlocks = await runBotFor(platform, "transfer", blocks);
    const { stats } = await platform.bots.get("transfer");
    log(`transfer bot: ${stats.confirmed} transfers confirmed over ${botBlocks.length} blocks`);

    // 3. Alice borrows against ETH; Bob borrows the USDC he will repay her debt with.
    await platform.lending.deposit({ privateKey: bob.privateKey, token: "ETH", amount: "100" });
    await platform.lending.borrow({ privateKey: bob.privateKey, token: "USDC", amount: "10000" });
    await platform.lending.deposit({ privateKey: alice.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: alice.privateKey, token: "USDC", amount: "1000" });
    const before = await platform.lending.position(alice.address);
    const priceBefore = (await platform.oracle.price("ETH")).price;
    log(`alice borrows 1000 USDC on 1 ETH at ${priceBefore} USD: health factor ${before.healthFactor}`);

    // 4. ETH crashes; Alice can be liquidated.
    await platform.oracle.crash("ETH", crashPercent);
    const priceAfter = (await platform.oracle.price("ETH")).price;
    const crashed = await platform.lending.position(alice.address);
    log(`ETH falls ${crashPercent} % to ${priceAfter} USD: health factor ${crashed.healthFactor}`);

    // 5. Bob liquidates half of her debt and takes her ETH with the 5 % bonus.
    const liquidation = await platform.lending.liquidate({
      privateKey: bob.privateKey,
      borrower: alice.address,
      debtToken: "USDC",
      repayAmount: "500",
      collateralToken: "ETH",
    });
    const after = await platform.lending.position(alice.address);
    log(
      `bob repays ${liquidation.repaid} USDC, seizes ${liquidation.seized} ETH: health factor ${after.healthFactor}`,
    );

    return {
      wallets: [alice.address, bob.address],
      bot: { confirmed: stats.confirmed, blocks: botBlocks.length },
      price: { before: priceBefore, after: priceAfter },
      healthFactor: { before: before.healthFactor, crashed: crashed.healthFactor, after: after.healthFactor },
      liquidation: { repaid: liquidation.repaid, seized: liquidation.seized },
    };
  } finally {
    await platform.close();
  }
}

/** Starts a bot, waits (by its events) until its transfers confirmed in `blocks` blocks, stops it. */
async function runBotFor(platform: Platform, name: string, blocks: number): Promise<bigint[]> {
  const seen = new Set<bigint>();
  const enough = new Promise<void>((resolve) => {
    platform.events.on("bot", (event) => {
      if (event.bot !== name || event.transaction?.status !== "confirmed") return;
      if (event.transaction.blockNumber !== null) seen.add(event.transaction.blockNumber);
      if (seen.size >= blocks) resolve();
    });
  });
  await platform.bots.start(name, { interval: 20 });
  await enough;
  await platform.bots.stop(name);
  await platform.bots.settled(name);
  return [...seen];
}
