// docs/hardhat.md, run: this folder's Hardhat 3 project compiles offline with solc from npm and
// deploys with Ignition to privnet, signing with a system key read from the admin API.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, createPublicClient, getAddress, http, parseAbi } from "viem";
import { afterAll, beforeAll, expect, test } from "vitest";
import { contractAddress, privnetUp, systemKey } from "./privnetUp.js";

const devnet = useDevnet();
const example = fileURLToPath(new URL("..", import.meta.url));
const hardhat = join(example, "node_modules", ".bin", "hardhat");

let privnet: Awaited<ReturnType<typeof privnetUp>>;
// A copy of the project per run, so that artifacts and Ignition's journal of a chain that the
// tests put back never land in the example folder.
let project: string;

beforeAll(async () => {
  privnet = await privnetUp(devnet.rpcUrl);
  project = await mkdtemp(join(tmpdir(), "privnet-hardhat-"));
  for (const entry of ["package.json", "hardhat.config.ts", "contracts", "ignition/modules"]) {
    await cp(join(example, entry), join(project, entry), { recursive: true });
  }
  await symlink(join(example, "node_modules"), join(project, "node_modules"), "dir");
});
afterAll(async () => {
  await privnet?.close();
  if (project) await rm(project, { recursive: true, force: true });
});

type Run = { code: number; output: string };
/** Runs the project's `hardhat` with `args` and exactly `env`; stdin is closed, as in CI. */
function runHardhat(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(hardhat, args, { cwd: project, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
    child.stdin?.end();
  });
}
const deployArgs = (parameters: string) => [
  "ignition",
  "deploy",
  "ignition/modules/PriceReader.ts",
  "--network",
  "privnet",
  "--parameters",
  parameters,
];
/** The module's parameters: the ETH / USD feed's address, from GET /contracts. */
async function writeParameters(): Promise<{ feed: Address; parameters: string }> {
  const feed = await contractAddress(privnet.adminUrl, "ETH / USD");
  const parameters = join(project, "parameters.json");
  await writeFile(parameters, JSON.stringify({ PriceReaderModule: { feed } }));
  return { feed, parameters };
}
const client = () => createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });

const readerAbi = parseAbi([
  "function feed() view returns (address)",
  "function latest() view returns (uint80 roundId, int256 answer)",
  "function recordedRound() view returns (uint80)",
  "function recordedAnswer() view returns (int256)",
]);
const feedAbi = parseAbi([
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)",
]);

test("hardhat build, then ignition deploy to the privnet network with GET /wallets/2's key: PriceReader reads the ETH / USD feed", async () => {
  const { address: deployer, privateKey } = await systemKey(privnet.adminUrl, 2);
  const { feed, parameters } = await writeParameters();
  const env = {
    ...process.env,
    PRIVNET_RPC_URL: devnet.rpcUrl,
    PRIVNET_PRIVATE_KEY: privateKey,
    HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: "1",
  };

  const build = await runHardhat(["build"], env);
  expect(build.code, build.output).toBe(0);
  const deploy = await runHardhat(deployArgs(parameters), env);
  expect(deploy.code, deploy.output).toBe(0);

  const deployed = JSON.parse(
    await readFile(join(project, "ignition/deployments/chain-3151908/deployed_addresses.json"), "utf8"),
  ) as Record<string, string>;
  const reader = getAddress(deployed["PriceReaderModule#PriceReader"] as string);
  const chain = client();
  const [round, answer] = await chain.readContract({
    address: feed,
    abi: feedAbi,
    functionName: "latestRoundData",
  });
  expect(await chain.readContract({ address: reader, abi: readerAbi, functionName: "feed" })).toBe(feed);
  expect(await chain.readContract({ address: reader, abi: readerAbi, functionName: "latest" })).toEqual([
    round,
    answer,
  ]);
  // The module's `record` call ran too, from the system wallet.
  expect(await chain.readContract({ address: reader, abi: readerAbi, functionName: "recordedAnswer" })).toBe(
    answer,
  );
  expect(answer).toBeGreaterThan(0n);
  expect(await chain.getTransactionCount({ address: deployer })).toBe(2);
}, 120_000);

test("without HARDHAT_IGNITION_CONFIRM_DEPLOYMENT, Ignition asks first, and with no terminal to answer sends nothing", async () => {
  const { address: deployer, privateKey } = await systemKey(privnet.adminUrl, 2);
  const { parameters } = await writeParameters();
  const { HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: _unset, ...inherited } = process.env;
  const deploy = await runHardhat(deployArgs(parameters), {
    ...inherited,
    PRIVNET_RPC_URL: devnet.rpcUrl,
    PRIVNET_PRIVATE_KEY: privateKey,
  });
  expect(deploy.output).toContain("Confirm deploy to network privnet (3151908)?");
  expect(deploy.code).not.toBe(0);
  expect(await client().getTransactionCount({ address: deployer })).toBe(0);
}, 120_000);
