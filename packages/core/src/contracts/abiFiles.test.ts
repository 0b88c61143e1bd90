import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import * as generated from "./generated.js";

const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  files: string[];
};

// The typed ABIs by contract name: `devNftAbi` → "DevNFT" is @wagmi/cli's naming, so match on
// the lower-cased name without the `Abi` suffix.
const typed = new Map(
  Object.entries(generated)
    .filter(([name]) => name.endsWith("Abi"))
    .map(([name, abi]) => [name.slice(0, -3).toLowerCase(), abi]),
);

describe("@privnet/core/abi/*.json", () => {
  const files = readdirSync(new URL("../../abi", import.meta.url)).filter((file) => file.endsWith(".json"));

  test("one file per contract of contracts/contracts, each the same ABI as the TypeScript constant", () => {
    expect(files.sort()).toEqual([
      "AggregatorV3Interface.json",
      "DeployTarget.json",
      "DevMultiToken.json",
      "DevNFT.json",
      "GasBurner.json",
      "LendingPool.json",
      "PriceFeedAdapter.json",
      "PriceOracle.json",
      "SetCodeDelegate.json",
      "StorageSpam.json",
      "TestToken.json",
    ]);
    expect(files).toHaveLength(typed.size);
    for (const file of files) {
      const contract = file.slice(0, -".json".length);
      // Resolved through the package's `exports` ("./abi/*"), as a user's tool would.
      const abi = JSON.parse(readFileSync(require.resolve(`@privnet/core/abi/${file}`), "utf8"));
      expect(abi, contract).toEqual(typed.get(contract.toLowerCase()));
    }
  });

  test("shipped in the package", () => {
    expect(manifest.files).toContain("abi");
  });
});
