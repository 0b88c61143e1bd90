// docs/foundry.md, run: this folder's Foundry project builds offline with solc from npm, then
// forge create and cast work against privnet, signing with a system key read from the admin API.
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, getAddress, http, parseAbi } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contractAddress, privnetUp, systemKey } from "./privnetUp.js";

const devnet = useDevnet();
const example = fileURLToPath(new URL("..", import.meta.url));
const bin = (tool: "forge" | "cast") => join(example, "node_modules", ".bin", tool);

let privnet: Awaited<ReturnType<typeof privnetUp>>;
// A copy of the project per run, so that forge's out/ and cache/ never land in the example folder.
let project: string;

beforeAll(async () => {
  privnet = await privnetUp(devnet.rpcUrl);
  project = await mkdtemp(join(tmpdir(), "privnet-foundry-"));
  for (const entry of ["foundry.toml", "contracts", "bin"]) {
    await cp(join(example, entry), join(project, entry), { recursive: true });
  }
  await symlink(join(example, "node_modules"), join(project, "node_modules"), "dir");
});
afterAll(async () => {
  await privnet?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

/** Runs forge or cast in the project; a failure fails the test with the tool's own output. */
function run(tool: "forge" | "cast", args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin(tool), args, { cwd: project }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${tool} ${args.join(" ")} failed:\n${stdout}${stderr}`));
      else resolve(stdout.trim());
    });
  });
}

const client = () => createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
const feedAbi = parseAbi([
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

test("forge build compiles offline with solc from npm (bin/solc.mjs)", async () => {
  const output = await run("forge", ["build"]);
  expect(output).toContain("Compiling 1 files with Solc 0.8.28");
  expect(output).toContain("Compiler run successful");
}, 60_000);

test("forge create and cast send with GET /wallets/2's key; cast reads privnet's chain and the ETH / USD feed", async () => {
  const rpc = ["--rpc-url", devnet.rpcUrl];
  const { address: deployer, privateKey } = await systemKey(privnet.adminUrl, 2);
  const feed = await contractAddress(privnet.adminUrl, "ETH / USD");
  expect(await run("cast", ["chain-id", ...rpc])).toBe("3151908");

  const created = JSON.parse(
    await run("forge", [
      "create",
      "contracts/PriceReader.sol:PriceReader",
      ...rpc,
      "--private-key",
      privateKey,
      "--broadcast",
      "--json",
      "--constructor-args",
      feed,
    ]),
  ) as { deployer: string; deployedTo: string; transactionHash: string };
  expect(getAddress(created.deployer)).toBe(deployer);
  const reader = getAddress(created.deployedTo);

  const [round, answer] = await client().readContract({
    address: feed,
    abi: feedAbi,
    functionName: "latestRoundData",
  });
  // One value a line; cast follows a large number with its scientific form ("200000000000 [2e11]").
  const call = async (signature: string) =>
    (await run("cast", ["call", reader, signature, ...rpc])).split("\n").map((line) => line.split(" ")[0]);
  expect(await call("feed()(address)")).toEqual([feed]);
  expect(await call("latest()(uint80,int256)")).toEqual([String(round), String(answer)]);

  const sent = JSON.parse(
    await run("cast", ["send", reader, "record()", ...rpc, "--private-key", privateKey, "--json"]),
  ) as { status: string; from: string };
  expect(sent.status).toBe("0x1");
  expect(getAddress(sent.from)).toBe(deployer);
  expect(await call("recordedAnswer()(int256)")).toEqual([String(answer)]);
  expect(answer).toBeGreaterThan(0n);
}, 60_000);
