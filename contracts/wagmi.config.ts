import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { defineConfig, type Plugin } from "@wagmi/cli";
import { hardhat } from "@wagmi/cli/plugins";

const artifactsDirectory = "artifacts/contracts";

/**
 * Emits each deployable contract's creation bytecode next to its ABI (`<name>Bytecode`).
 * @wagmi/cli's hardhat plugin only emits ABIs; deploy helpers need the bytecode too.
 */
function hardhatBytecode(): Plugin {
  return {
    name: "Hardhat bytecode",
    async run() {
      const entries = await readdir(artifactsDirectory, { recursive: true });
      const artifacts = entries
        .filter((entry) => entry.endsWith(".json") && !entry.endsWith(".dbg.json"))
        .sort();
      const lines: string[] = [];
      for (const entry of artifacts) {
        const artifact = JSON.parse(await readFile(join(artifactsDirectory, entry), "utf8")) as {
          contractName: string;
          bytecode: string;
        };
        if (!artifact.bytecode || artifact.bytecode === "0x") continue;
        const name = camelCase(artifact.contractName);
        lines.push(
          `/** Creation bytecode of ${artifact.contractName}. */`,
          `export const ${name}Bytecode = "${artifact.bytecode}" as const`,
          "",
        );
      }
      return { content: lines.join("\n") };
    },
  };
}

/**
 * Writes each contract's ABI as JSON, one file per contract (`<dir>/<Name>.json`), from the same
 * ABIs as generated.ts, for tools that are not TypeScript (ethers, cast, web3.py). Files of
 * contracts that are gone are removed. Adds nothing to generated.ts.
 */
function jsonAbis(dir: string): Plugin {
  return {
    name: "JSON ABIs",
    async run({ contracts }) {
      await mkdir(dir, { recursive: true });
      const names = new Set(contracts.map((contract) => `${contract.name}.json`));
      for (const file of await readdir(dir)) {
        if (file.endsWith(".json") && !names.has(file)) await rm(join(dir, file));
      }
      for (const contract of contracts) {
        await writeFile(join(dir, `${contract.name}.json`), `${JSON.stringify(contract.abi, null, 2)}\n`);
      }
      return { content: "" };
    },
  };
}

/**
 * The camelCase @wagmi/cli gives contract names (`DevNFT` → `devNft`), so that each
 * `<name>Bytecode` sits beside its `<name>Abi`.
 */
function camelCase(contractName: string): string {
  const words = contractName.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g) ?? [contractName];
  return words
    .map((word, index) => {
      const lower = word.toLowerCase();
      return index === 0 ? lower : lower[0]?.toUpperCase() + lower.slice(1);
    })
    .join("");
}

export default defineConfig({
  out: "../packages/core/src/contracts/generated.ts",
  plugins: [
    hardhat({
      project: ".",
      // Hardhat 3 names its compile task `build`; the plugin's default (`hardhat compile`) is gone.
      commands: { build: "hardhat build --quiet", rebuild: "hardhat build --quiet", clean: false },
    }),
    hardhatBytecode(),
    jsonAbis("../packages/core/abi"),
  ],
});
