import { createPlatform } from "@privnet/core";
import type { Devnet } from "@privnet/devnet";
import { createWalletClient, formatEther, type Hex, http, parseEther, publicActions } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export type SendOnceResult = { to: Hex; balance: string; blockNumber: bigint };

/** Sends `amount` ETH from the devnet's second prefunded account to a fresh address. */
export async function sendOnce(devnet: Pick<Devnet, "rpcUrl" | "chain" | "accounts">, amount: string) {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  try {
    const sender = devnet.accounts[1];
    if (!sender) throw new Error("the devnet has no second account");
    const wallet = createWalletClient({
      account: privateKeyToAccount(sender.privateKey),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    }).extend(publicActions);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await wallet.sendTransaction({ to, value: parseEther(amount) });
    await wallet.waitForTransactionReceipt({ hash });
    const balance = formatEther(await wallet.getBalance({ address: to }));
    const { blockNumber } = await platform.network.info();
    return { to, balance, blockNumber } satisfies SendOnceResult;
  } finally {
    await platform.close();
  }
}
