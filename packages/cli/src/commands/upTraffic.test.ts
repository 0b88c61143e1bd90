import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `privnet up --traffic` for real: a child process, free ports, a temp working directory.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-traffic-"));
  dirs.push(dir);
  return dir;
}

const freePorts = ["--port", "0", "--chain-port", "0", "--oracle-port", "0", "--block-time", "1"];

function anvilsIn(dir: string): string[] {
  return execFileSync("ps", ["-A", "-o", "args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("anvil") && line.includes(dir));
}

describe("privnet up --traffic", () => {
  test("an invalid document is refused before anything starts, with every problem by path", async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, "traffic.yaml"),
      [
        "version: 1",
        "groups:",
        "  - name: g",
        "bots:",
        "  - scenario: transfer",
        "    config: { amount: nope, txPerBlock: 0 }",
        "  - scenario: warp",
        "    name: w",
        "  - scenario: erc20",
        "    name: e",
        "    group: missing",
        "",
      ].join("\n"),
    );
    const run = runPrivnet(["up", ...freePorts, "--traffic", "traffic.yaml"], { cwd });
    expect(await run.exited).toBe(2);
    const output = run.output();
    expect(output).toContain("is not valid (5 problems; nothing was started)");
    for (const path of [
      "groups.0",
      "bots.0.config.amount",
      "bots.0.config.txPerBlock",
      "bots.1.scenario",
      "bots.2.group",
    ]) {
      expect(output).toMatch(new RegExp(`\\n {2}${path.replaceAll(".", "\\.")}: `));
    }
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
    expect(anvilsIn(cwd)).toEqual([]);
  });

  test("a valid YAML document starts its bots once the stack is up; the admin API exports it back", async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, "traffic.yaml"),
      [
        "version: 1",
        "bots:",
        "  - scenario: transfer",
        "    name: steady",
        "    config: { txPerBlock: 2, amount: '0.001', recipients: fresh }",
        "  - scenario: nft",
        "    config: { interval: 1000 }",
        "",
      ].join("\n"),
    );
    const run = runPrivnet(["up", ...freePorts, "--traffic", "traffic.yaml"], { cwd });
    await run.waitFor(/^Press Ctrl-C to stop/m);
    expect(run.output()).toMatch(/✓ traffic +.*traffic\.yaml: started steady, nft/);
    const admin = printedUrls(run.output())["Admin API"] as string;
    const status = (await (await fetch(`${admin}/bots/status`)).json()) as Record<
      string,
      { status: string; config: Record<string, unknown> }
    >;
    expect(status.steady).toMatchObject({ status: "Running", config: { txPerBlock: 2, amount: "0.001" } });
    expect(status.nft?.status).toBe("Running");
    expect(status.transfer?.status).toBe("Stopped");
    const exported = (await (await fetch(`${admin}/traffic`)).json()) as { bots: { name: string }[] };
    expect(exported.bots.map((bot) => bot.name)).toEqual(["nft", "steady"]);

    // The CLI exports it as YAML and imports documents into the running stack.
    const exportRun = runPrivnet(["traffic", "export", "--url", admin, "--out", "exported.yaml"], { cwd });
    expect(await exportRun.exited).toBe(0);
    writeFileSync(
      join(cwd, "broken.yaml"),
      "version: 1\nbots:\n  - scenario: transfer\n    config: { colour: red, amount: '-1' }\n",
    );
    const broken = runPrivnet(["traffic", "import", "broken.yaml", "--url", admin], { cwd });
    expect(await broken.exited).toBe(1);
    expect(broken.output()).toMatch(
      /not imported \(INVALID_TRAFFIC_DOCUMENT\).*bots\.0\.config\.amount.*bots\.0\.config\.colour/,
    );
    expect(((await (await fetch(`${admin}/bots/status`)).json()) as typeof status).steady?.status).toBe(
      "Running",
    );
    // Stopping the stack's bots, then importing the exported document, brings the set-up back.
    await fetch(`${admin}/bots/steady/stop`, { method: "POST" });
    const back = runPrivnet(["traffic", "import", "exported.yaml", "--url", admin], { cwd });
    expect(await back.exited).toBe(0);
    expect(back.output()).toContain("started nft, steady");
    expect(((await (await fetch(`${admin}/bots/status`)).json()) as typeof status).steady?.status).toBe(
      "Running",
    );
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
    // Each privnet process here compiles the sources it runs (tsx): four of them take a while.
  }, 120_000);
});
