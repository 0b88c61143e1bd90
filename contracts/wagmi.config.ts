import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { defineConfig, type Plugin } from "@wagmi/cli";
import { hardhat } from "@wagmi/cli/plugins";

const artifactsDirectory = "artifacts/contracts";

/** A member of solc's storage layout, as the bindings carry it: without its AST id and source. */
type LayoutMember = { label: string; offset: number; slot: string; type: string };
type StorageLayoutOutput = {
  storage: (LayoutMember & { astId?: number; contract?: string })[];
  types: Record<string, { members?: (LayoutMember & { astId?: number; contract?: string })[] }> | null;
};

/**
 * Emits each deployable contract's creation bytecode next to its ABI (`<name>Bytecode`), and its
 * storage layout (`<name>StorageLayout`, solc's `storageLayout` output from the build info) when it
 * has storage: @wagmi/cli's hardhat plugin only emits ABIs; deploy helpers need the bytecode, and
 * the explorer names a contract's slots by variable with the layout.
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
      const layouts: string[] = [];
      for (const entry of artifacts) {
        const artifact = JSON.parse(await readFile(join(artifactsDirectory, entry), "utf8")) as {
          contractName: string;
          bytecode: string;
          inputSourceName: string;
          buildInfoId: string;
        };
        if (!artifact.bytecode || artifact.bytecode === "0x") continue;
        const name = camelCase(artifact.contractName);
        lines.push(
          `/** Creation bytecode of ${artifact.contractName}. */`,
          `export const ${name}Bytecode = "${artifact.bytecode}" as const`,
          "",
        );
        const layout = await storageLayout(artifact);
        if (layout) {
          lines.push(
            `/** Storage layout of ${artifact.contractName} (solc's \`storageLayout\`): its variables by slot. */`,
            `export const ${name}StorageLayout = ${JSON.stringify(layout)} as const`,
            "",
          );
          layouts.push(`  ${artifact.contractName}: ${name}StorageLayout,`);
        }
      }
      lines.push(
        "/** The storage layouts above, by contract name. */",
        `export const storageLayouts = {\n${layouts.join("\n")}\n} as const`,
        "",
      );
      return { content: lines.join("\n") };
    },
  };
}

/** The contract's storage layout from its build info, without AST ids; undefined when it has no storage. */
async function storageLayout(artifact: {
  contractName: string;
  inputSourceName: string;
  buildInfoId: string;
}) {
  const output = JSON.parse(
    await readFile(join("artifacts/build-info", `${artifact.buildInfoId}.output.json`), "utf8"),
  ) as { output: { contracts: Record<string, Record<string, { storageLayout?: StorageLayoutOutput }>> } };
  const layout = output.output.contracts[artifact.inputSourceName]?.[artifact.contractName]?.storageLayout;
  if (!layout || layout.storage.length === 0) return undefined;
  const member = ({ label, offset, slot, type }: LayoutMember) => ({ label, offset, slot, type });
  const types = Object.fromEntries(
    Object.entries(layout.types ?? {}).map(([id, type]) => [
      id,
      type.members ? { ...type, members: type.members.map(member) } : type,
    ]),
  );
  return { storage: layout.storage.map(member), types };
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
