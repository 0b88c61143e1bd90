// Writes docs/gas-report.md: the gas each main contract function uses, measured from receipts on
// a fresh chain. Every run performs the same transactions from the same account and nonces on a
// reset devnet, so the numbers are identical run after run and the committed file only changes
// when a contract does. Refresh: `pnpm --filter @privnet/contracts test` (or the full `pnpm test`).
import { mkdir, writeFile } from "node:fs/promises";
import {
  devNftAbi,
  devNftBytecode,
  lendingPoolAbi,
  lendingPoolBytecode,
  priceFeedAdapterAbi,
  priceFeedAdapterBytecode,
  priceOracleAbi,
  priceOracleBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Abi,
  type Address,
  encodeFunctionData,
  getAddress,
  type Hash,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
} from "viem";
import { expect, test } from "vitest";
import { mined, type TestClient, walletFor } from "./chain.js";

const devnet = useDevnet();
const reportPath = new URL("../../docs/gas-report.md", import.meta.url);
const ETH = getAddress("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");

type Row = { contract: string; action: string; gas: bigint; kind: "tx" | "call" };

test("gas report: every main function on a fresh chain, written to docs/gas-report.md", async () => {
  const owner = walletFor(devnet, 1);
  const borrower = walletFor(devnet, 2);
  const liquidator = walletFor(devnet, 3);
  const rows: Row[] = [];

  const measureDeploy = async (
    contract: string,
    abi: Abi,
    bytecode: Hex,
    args: readonly unknown[] = [],
    action = "deploy",
  ) => {
    const hash = await owner.deployContract({ abi, bytecode, args } as Parameters<
      TestClient["deployContract"]
    >[0]);
    const receipt = await mined(owner, hash);
    rows.push({ contract, action, gas: receipt.gasUsed, kind: "tx" });
    return getAddress(receipt.contractAddress as Address);
  };
  const measure = async (contract: string, action: string, hash: Promise<Hash>) => {
    const receipt = await mined(owner, hash);
    rows.push({ contract, action, gas: receipt.gasUsed, kind: "tx" });
  };
  const measureCall = async (contract: string, action: string, to: Address, abi: Abi, call: object) => {
    const data = encodeFunctionData({ abi, ...call } as Parameters<typeof encodeFunctionData>[0]);
    rows.push({ contract, action, gas: await owner.estimateGas({ to, data }), kind: "call" });
  };
  const write = (
    client: TestClient,
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    value?: bigint,
  ) => client.writeContract({ address, abi, functionName, args, value } as never) as Promise<Hash>;

  // PriceOracle and a feed
  const oracle = await measureDeploy("PriceOracle", priceOracleAbi, priceOracleBytecode);
  const oracleWrite = (functionName: string, args: unknown[]) =>
    write(owner, oracle, priceOracleAbi, functionName, args);
  await measure(
    "PriceOracle",
    "updatePrice (first price of a token)",
    oracleWrite("updatePrice", [ETH, parseEther("2000")]),
  );
  await measure(
    "PriceOracle",
    "updatePrice (later update)",
    oracleWrite("updatePrice", [ETH, parseEther("2010")]),
  );
  await measure("PriceOracle", "grantUpdater", oracleWrite("grantUpdater", [borrower.account.address]));
  await measure("PriceOracle", "setHeartbeat", oracleWrite("setHeartbeat", [ETH, 7200n]));
  await measureCall("PriceOracle", "getPrice", oracle, priceOracleAbi, {
    functionName: "getPrice",
    args: [ETH],
  });
  await measureCall("PriceOracle", "getPriceInfo", oracle, priceOracleAbi, {
    functionName: "getPriceInfo",
    args: [ETH],
  });
  const feed = await measureDeploy("PriceFeedAdapter", priceFeedAdapterAbi, priceFeedAdapterBytecode, [
    oracle,
    ETH,
    "ETH / USD",
  ]);
  await measureCall("PriceFeedAdapter", "latestRoundData", feed, priceFeedAdapterAbi, {
    functionName: "latestRoundData",
  });
  await measureCall("PriceFeedAdapter", "getRoundData (an earlier round)", feed, priceFeedAdapterAbi, {
    functionName: "getRoundData",
    args: [1n],
  });

  // Tokens
  const usdc = await measureDeploy(
    "TestToken",
    testTokenAbi,
    testTokenBytecode,
    ["USD Coin", "USDC", 6, 0n],
    "deploy (no initial supply)",
  );
  const dai = await measureDeploy(
    "TestToken",
    testTokenAbi,
    testTokenBytecode,
    ["Dai Stablecoin", "DAI", 18, parseEther("1000000")],
    "deploy (with initial supply)",
  );
  await measure(
    "TestToken",
    "mint (to a new holder)",
    write(owner, usdc, testTokenAbi, "mint", [owner.account.address, parseUnits("1000000", 6)]),
  );
  await measure(
    "TestToken",
    "transfer (to a new holder)",
    write(owner, dai, testTokenAbi, "transfer", [borrower.account.address, parseEther("10000")]),
  );
  await measure(
    "TestToken",
    "approve",
    write(owner, dai, testTokenAbi, "approve", [liquidator.account.address, 1n]),
  );
  await measure(
    "PriceOracle",
    "updatePrices (2 tokens, first prices)",
    oracleWrite("updatePrices", [
      [usdc, dai],
      [parseEther("1"), parseEther("1")],
    ]),
  );

  const nft = await measureDeploy("DevNFT", devNftAbi, devNftBytecode);
  await measure(
    "DevNFT",
    "mint (first token)",
    write(owner, nft, devNftAbi, "mint", [borrower.account.address]),
  );
  await measure("DevNFT", "mint", write(owner, nft, devNftAbi, "mint", [borrower.account.address]));
  await measureCall("DevNFT", "tokenURI", nft, devNftAbi, { functionName: "tokenURI", args: [1n] });

  // LendingPool: fund, deposit, borrow, repay, liquidate, withdraw
  const pool = await measureDeploy("LendingPool", lendingPoolAbi, lendingPoolBytecode, [oracle]);
  const poolWrite = (client: TestClient, functionName: string, args: unknown[], value?: bigint) =>
    write(client, pool, lendingPoolAbi, functionName, args, value);
  await measure("LendingPool", "listAsset (ERC20)", poolWrite(owner, "listAsset", [usdc]));
  await mined(owner, poolWrite(owner, "listAsset", [dai]));
  await mined(owner, poolWrite(owner, "listAsset", [ETH]));
  await mined(owner, write(owner, usdc, testTokenAbi, "approve", [pool, maxUint256]));
  await measure(
    "LendingPool",
    "addLiquidity (ERC20)",
    poolWrite(owner, "addLiquidity", [usdc, parseUnits("500000", 6)]),
  );
  await mined(
    owner,
    write(owner, usdc, testTokenAbi, "mint", [liquidator.account.address, parseUnits("10000", 6)]),
  );
  await mined(liquidator, write(liquidator, usdc, testTokenAbi, "approve", [pool, maxUint256]));
  await mined(borrower, write(borrower, dai, testTokenAbi, "approve", [pool, maxUint256]));
  await mined(
    owner,
    write(owner, usdc, testTokenAbi, "mint", [borrower.account.address, parseUnits("10000", 6)]),
  );
  await mined(borrower, write(borrower, usdc, testTokenAbi, "approve", [pool, maxUint256]));

  await measure(
    "LendingPool",
    "deposit (ETH, first)",
    poolWrite(borrower, "deposit", [ETH, parseEther("1")], parseEther("1")),
  );
  await measure(
    "LendingPool",
    "deposit (ERC20, first)",
    poolWrite(borrower, "deposit", [dai, parseEther("1000")]),
  );
  await measure(
    "LendingPool",
    "borrow (first, 2 collateral assets)",
    poolWrite(borrower, "borrow", [usdc, parseUnits("1000", 6)]),
  );
  await measure(
    "LendingPool",
    "borrow (again)",
    poolWrite(borrower, "borrow", [usdc, parseUnits("1000", 6)]),
  );
  await measure("LendingPool", "repay (partial)", poolWrite(borrower, "repay", [usdc, parseUnits("100", 6)]));
  await measure(
    "LendingPool",
    "withdraw (with debt: health check)",
    poolWrite(borrower, "withdraw", [dai, parseEther("100")]),
  );
  await measureCall("LendingPool", "healthFactor", pool, lendingPoolAbi, {
    functionName: "healthFactor",
    args: [borrower.account.address],
  });
  await measureCall("LendingPool", "accountData", pool, lendingPoolAbi, {
    functionName: "accountData",
    args: [borrower.account.address],
  });
  // ETH falls from 2010 to 1000: collateral 1000 + 900 USD, debt 1900 USD, HF 0.75.
  await mined(owner, oracleWrite("updatePrice", [ETH, parseEther("1000")]));
  await measure(
    "LendingPool",
    "liquidate (ERC20 debt, ETH collateral)",
    poolWrite(liquidator, "liquidate", [borrower.account.address, usdc, parseUnits("400", 6), ETH]),
  );
  await measure("LendingPool", "repay (full)", poolWrite(borrower, "repay", [usdc, maxUint256]));
  await measure(
    "LendingPool",
    "withdraw (no debt)",
    poolWrite(borrower, "withdraw", [dai, parseEther("900")]),
  );

  for (const row of rows) expect(row.gas, `${row.contract} ${row.action}`).toBeGreaterThan(0n);
  await mkdir(new URL(".", reportPath), { recursive: true });
  await writeFile(reportPath, renderReport(rows));
});

function renderReport(rows: Row[]): string {
  const format = (gas: bigint) => gas.toLocaleString("en-US");
  const lines = [
    "# Gas report",
    "",
    "Gas used by the main functions of privnet's contracts (solc 0.8.28, optimizer 200 runs, EVM",
    "cancun), measured on a fresh devnet. Transactions show `gasUsed` from their receipts (including",
    "the 21,000 base cost and calldata); views show `eth_estimateGas` for calling them in a",
    "transaction. The numbers are deterministic: each run repeats the same transactions on a reset",
    "chain.",
    "",
    "Written by `contracts/test/gasReport.test.ts`; refresh with `pnpm --filter @privnet/contracts test`",
    "(the full `pnpm test` refreshes it too) and commit the result. Do not edit by hand.",
    "",
    "| Contract | Function | Kind | Gas |",
    "| --- | --- | --- | ---: |",
    ...rows.map(
      (row) =>
        `| ${row.contract} | ${row.action} | ${row.kind === "tx" ? "transaction" : "view"} | ${format(row.gas)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
