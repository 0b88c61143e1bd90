import { X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { createSelfSignedCertificate } from "@privnet/http";
import { afterEach, describe, expect, test } from "vitest";
import { resolveSettings, type UpFlags } from "../config/resolveSettings.js";
import { loadTls } from "./loadTls.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-tls-"));
  dirs.push(dir);
  return dir;
}
const settingsIn = (cwd: string, flags: UpFlags) => resolveSettings({ config: {}, env: {}, flags, cwd });

describe("loadTls, self-signed", () => {
  test("made once in <dataDir>/tls for the names the stack is reached by, then reused: the same fingerprint", async () => {
    const cwd = tempDir();
    const settings = settingsIn(cwd, { tls: "self-signed", host: "127.0.0.2" });
    const made = await loadTls(settings);
    expect(made).toMatchObject({
      origin: "made",
      why: "there was none yet",
      certPath: join(cwd, ".privnet/tls/cert.pem"),
      keyPath: join(cwd, ".privnet/tls/key.pem"),
    });
    expect(made?.names).toEqual(["localhost", "127.0.0.1", "::1", hostname(), "127.0.0.2"]);
    expect(made?.fingerprint).toBe(
      new X509Certificate(readFileSync(join(cwd, ".privnet/tls/cert.pem"))).fingerprint256,
    );
    // The key is the owner's alone.
    expect(statSync(join(cwd, ".privnet/tls/key.pem")).mode & 0o777).toBe(0o600);

    const reused = await loadTls(settings);
    expect(reused).toMatchObject({
      origin: "reused",
      fingerprint: made?.fingerprint,
      cert: made?.cert,
      key: made?.key,
    });
  });

  test("made anew, saying why, when the stored one lacks a name now asked for or is not a valid pair", async () => {
    const cwd = tempDir();
    const first = await loadTls(settingsIn(cwd, { tls: "self-signed" }));
    const named = await loadTls(settingsIn(cwd, { tls: "self-signed", "tls-names": "devbox.lan" }));
    expect(named).toMatchObject({ origin: "made", why: "the stored one does not cover devbox.lan" });
    expect(named?.fingerprint).not.toBe(first?.fingerprint);
    expect(named?.names).toContain("devbox.lan");
    // Fewer names than it has: still reused.
    expect(await loadTls(settingsIn(cwd, { tls: "self-signed" }))).toMatchObject({ origin: "reused" });
    writeFileSync(
      join(cwd, ".privnet/tls/key.pem"),
      (await createSelfSignedCertificate({ names: ["x"] })).key,
    );
    expect(await loadTls(settingsIn(cwd, { tls: "self-signed" }))).toMatchObject({
      origin: "made",
      why: "the stored key and certificate do not match",
    });
  });
});

describe("loadTls, a given pair", () => {
  async function pairIn(dir: string, names = ["localhost"]) {
    const pair = await createSelfSignedCertificate({ names });
    writeFileSync(join(dir, "cert.pem"), pair.cert);
    writeFileSync(join(dir, "key.pem"), pair.key);
    return pair;
  }

  test("read as given, with its fingerprint; nothing is made in the data dir", async () => {
    const cwd = tempDir();
    const pair = await pairIn(cwd, ["chain.team.example"]);
    const loaded = await loadTls(settingsIn(cwd, { "tls-cert": "cert.pem", "tls-key": "key.pem" }));
    expect(loaded).toMatchObject({
      origin: "given",
      cert: pair.cert,
      key: pair.key,
      certPath: join(cwd, "cert.pem"),
      names: ["chain.team.example"],
      fingerprint: new X509Certificate(pair.cert).fingerprint256,
    });
    expect(() => statSync(join(cwd, ".privnet"))).toThrow();
  });

  test("a missing, unreadable or non-PEM file, or a key of another certificate, is a usage error naming the file", async () => {
    const cwd = tempDir();
    await pairIn(cwd);
    const load = (cert: string, key: string) =>
      loadTls(settingsIn(cwd, { "tls-cert": cert, "tls-key": key }));
    await expect(load("nope.pem", "key.pem")).rejects.toMatchObject({
      name: "UsageError",
      message: `Cannot read the TLS certificate ${join(cwd, "nope.pem")}: no such file.`,
    });
    await expect(load("cert.pem", "nope.key")).rejects.toMatchObject({
      name: "UsageError",
      message: `Cannot read the TLS key ${join(cwd, "nope.key")}: no such file.`,
    });
    mkdirSync(join(cwd, "a-folder"));
    await expect(load("a-folder", "key.pem")).rejects.toMatchObject({
      name: "UsageError",
      message: `Cannot read the TLS certificate ${join(cwd, "a-folder")}: EISDIR.`,
    });
    await expect(load("key.pem", "key.pem")).rejects.toMatchObject({
      name: "UsageError",
      message: `The TLS certificate ${join(cwd, "key.pem")} holds no PEM certificate.`,
    });
    await expect(load("cert.pem", "cert.pem")).rejects.toMatchObject({
      name: "UsageError",
      message: `The TLS key ${join(cwd, "cert.pem")} holds no PEM private key (an encrypted key is not supported).`,
    });
    writeFileSync(join(cwd, "other.key"), (await createSelfSignedCertificate({ names: ["localhost"] })).key);
    await expect(load("cert.pem", "other.key")).rejects.toMatchObject({
      name: "UsageError",
      message: `The TLS key ${join(cwd, "other.key")} is not the key of the certificate ${join(cwd, "cert.pem")}: they do not match.`,
    });
  });
});
