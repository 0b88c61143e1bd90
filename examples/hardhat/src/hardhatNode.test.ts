// docs/hardhat.md, "Hardhat's node as privnet's chain", run: Hardhat 3's own node, started with
// this folder's hardhat.node.config.ts, is the chain privnet runs on (what `privnet up --rpc-url`
// does): the contracts deploy, a send confirms, the oracle pushes a price and a bot confirms.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { privnetUp } from "./privnetUp.js";

const example = fileURLToPath(new URL("..", import.meta.url));
const hardhat = join(example, "node_modules", ".bin", "hardhat");

let node: ChildProcess;
let rpcUrl: string;
beforeAll(async () => {
  node = spawn(
    hardhat,
    ["--config", "hardhat.node.config.ts", "node", "--hostname", "127.0.0.1", "--port", "0"],
    { cwd: example, stdio: ["ignore", "pipe", "pipe"] },
  );
  rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /JSON-RPC server at (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (started) resolve(started[1] as string);
    };
    node.stdout?.on("data", read);
    node.stderr?.on("data", read);
    node.once("exit", (code) => reject(new Error(`hardhat node exited (${code}): ${output}`)));
  });
});
afterAll(async () => {
  if (!node || node.exitCode !== null) return;
  const exited = new Promise((resolve) => node.once("exit", resolve));
  node.kill("SIGINT");
  await exited;
});

test("privnet on Hardhat 3's node: contracts deployed, a send confirmed, a price pushed, a bot's transfers confirmed", async () => {
  const privnet = await privnetUp(rpcUrl);
  const { platform } = privnet;
  try {
    const response = await fetch(`${privnet.adminUrl}/contracts`);
    expect(response.status).toBe(200);
    const { contracts } = (await response.json()) as { contracts: { name: string }[] };
    expect(contracts.map((contract) => contract.name)).toEqual(
      expect.arrayContaining(["PriceOracle", "LendingPool", "ETH / USD"]),
    );

    const sent = await platform.sender.sendFromWallet({
      fromWalletId: 2,
      to: "0x00000000000000000000000000000000000000aa",
      amount: "1",
    });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");

    const pushed = await platform.oracle.push();
    expect(pushed.hash).toMatch(/^0x[0-9a-f]{64}$/);

    const confirmed = new Promise<void>((resolve) => {
      let count = 0;
      platform.events.on("bot", (event) => {
        if (event.bot === "transfer" && event.transaction?.status === "confirmed" && ++count === 3) resolve();
      });
    });
    await platform.bots.start("transfer", { interval: 100 });
    await confirmed;
    await platform.bots.stop("transfer");
    expect((await platform.bots.get("transfer")).stats).toMatchObject({ failed: 0, errors: 0 });
  } finally {
    await privnet.close();
  }
}, 120_000);
