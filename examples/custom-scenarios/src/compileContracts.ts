import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Abi, type Hex, keccak256, stringToHex } from "viem";

/** The example's Solidity sources, in `contracts/`. */
export const CONTRACTS = ["ExampleToken", "Counter"] as const;

export type CompiledContract = { abi: Abi; bytecode: Hex };

type Solc = {
  version(): string;
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string;
};
type SolcOutput = {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * What the compilation depends on, hashed: each source's text and the compiler's and
 * OpenZeppelin's versions. `src/generated.ts` records it; a source changed since the last
 * `npm run compile` changes it (cheaper to check than a compilation: solc-js takes seconds to load).
 */
export function contractsDigest(): Hex {
  const versions = ["solc", "@openzeppelin/contracts"].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  const sources = CONTRACTS.map((name) => readFileSync(join(root, "contracts", `${name}.sol`), "utf8"));
  return keccak256(stringToHex(JSON.stringify([versions, sources])));
}

/**
 * Compiles `contracts/*.sol` with solc 0.8.28 from npm (the compiler built to JavaScript: nothing
 * is downloaded), imports resolved from node_modules (`@openzeppelin/contracts`). Optimizer on,
 * 200 runs, the compiler's default EVM version (cancun).
 */
export function compileContracts(): Record<(typeof CONTRACTS)[number], CompiledContract> {
  const solc = require("solc") as Solc;
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(
      CONTRACTS.map((name) => [
        `contracts/${name}.sol`,
        { content: readFileSync(join(root, "contracts", `${name}.sol`), "utf8") },
      ]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import(path) {
        try {
          return { contents: readFileSync(require.resolve(path), "utf8") };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      },
    }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const compiled = Object.fromEntries(
    CONTRACTS.map((name) => {
      const contract = output.contracts?.[`contracts/${name}.sol`]?.[name];
      if (!contract) throw new Error(`solc gave no output for ${name}`);
      return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` as Hex }];
    }),
  );
  return compiled as Record<(typeof CONTRACTS)[number], CompiledContract>;
}
