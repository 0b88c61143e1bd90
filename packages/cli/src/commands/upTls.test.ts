import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSelfSignedCertificate } from "@privnet/http";
import { afterEach, describe, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";
import { trustCertificate } from "../tls/trustCertificate.js";

// `privnet up` with a key and certificate of the user's own, for real: a child process.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-cli-tls-"));
  dirs.push(dir);
  return dir;
}

const freePorts = ["--port", "0", "--chain-port", "0", "--oracle-port", "0", "--storage", "memory"];

describe("privnet up --tls-cert --tls-key", () => {
  test("serves every port over HTTPS with the given pair, and prints its fingerprint", async () => {
    const cwd = tempDir();
    const pair = await createSelfSignedCertificate({ names: ["localhost", "127.0.0.1"] });
    writeFileSync(join(cwd, "team.pem"), pair.cert);
    writeFileSync(join(cwd, "team.key"), pair.key);
    const run = runPrivnet(["up", ...freePorts, "--tls-cert", "team.pem", "--tls-key", "team.key"], { cwd });
    await run.waitFor(/^Press Ctrl-C to stop/m);
    const fingerprint = new X509Certificate(pair.cert).fingerprint256;
    expect(run.output()).toContain(
      `✓ tls        certificate ${join(cwd, "team.pem")}; SHA-256 ${fingerprint}`,
    );
    expect(run.output()).toContain(`TLS certificate ${join(cwd, "team.pem")}\n  SHA-256 ${fingerprint}\n`);
    const urls = printedUrls(run.output());
    expect(urls).toMatchObject({
      "Admin API": expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
      "Admin panel": expect.stringMatching(/^https:\/\//),
      "Oracle API": expect.stringMatching(/^https:\/\//),
      "Chain RPC": expect.stringMatching(/^https:\/\//),
      "Chain WebSocket": expect.stringMatching(/^wss:\/\//),
    });
    const { fetch } = trustCertificate(pair.cert);
    const health = await fetch(`${urls["Admin API"]}/health`);
    expect(health.status).toBe(200);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
  });

  test("a missing file or a key that is not the certificate's stops it at once: a usage error (exit 2) naming the file", async () => {
    const cwd = tempDir();
    const pair = await createSelfSignedCertificate({ names: ["localhost"] });
    const other = await createSelfSignedCertificate({ names: ["localhost"] });
    writeFileSync(join(cwd, "team.pem"), pair.cert);
    writeFileSync(join(cwd, "other.key"), other.key);
    const mismatched = runPrivnet(["up", ...freePorts, "--tls-cert", "team.pem", "--tls-key", "other.key"], {
      cwd,
    });
    expect(await mismatched.exited).toBe(2);
    expect(mismatched.output()).toContain(
      `privnet: The TLS key ${join(cwd, "other.key")} is not the key of the certificate ${join(cwd, "team.pem")}: they do not match.`,
    );
    expect(mismatched.output()).not.toContain("privnet: starting");
    const missing = runPrivnet(["up", ...freePorts], {
      cwd,
      env: { PRIVNET_TLS_CERT: "team.pem", PRIVNET_TLS_KEY: "missing.key" },
    });
    expect(await missing.exited).toBe(2);
    expect(missing.output()).toContain(
      `privnet: Cannot read the TLS key ${join(cwd, "missing.key")}: no such file.`,
    );
  });
});
