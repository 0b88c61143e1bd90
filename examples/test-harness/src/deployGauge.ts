import type { Platform } from "@privnet/core";
import type { Hex } from "viem";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { collateralGaugeAbi, collateralGaugeBytecode } from "./collateralGauge.js";

/** Deploys the dApp's CollateralGauge against the platform's PriceOracle; returns its address. */
export async function deployGauge(platform: Platform, rpcUrl: string, deployerKey: Hex) {
  const { addresses } = await platform.contracts.get();
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployerKey),
    chain: platform.chain,
    transport: http(rpcUrl),
  });
  const hash = await wallet.deployContract({
    abi: collateralGaugeAbi,
    bytecode: collateralGaugeBytecode,
    args: [addresses.priceOracle],
  });
  const receipt = await platform.client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("CollateralGauge was not deployed");
  return receipt.contractAddress;
}
