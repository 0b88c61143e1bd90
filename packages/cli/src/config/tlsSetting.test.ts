import { describe, expect, test } from "vitest";
import type { PrivnetConfig } from "./defineConfig.js";
import { resolveSettings, type UpFlags } from "./resolveSettings.js";

const cwd = "/work/project";
const tlsOf = (input: { config?: PrivnetConfig; env?: NodeJS.ProcessEnv; flags?: UpFlags }) =>
  resolveSettings({ config: input.config ?? {}, env: input.env ?? {}, flags: input.flags ?? {}, cwd }).tls;

describe("the tls setting", () => {
  test("off by default; self-signed in <dataDir>/tls from a flag, the environment or the config", () => {
    expect(tlsOf({})).toBeUndefined();
    const selfSigned = { kind: "self-signed", dir: "/work/project/.privnet/tls", names: [] };
    expect(tlsOf({ flags: { tls: "self-signed" } })).toEqual(selfSigned);
    expect(tlsOf({ env: { PRIVNET_TLS: "self-signed" } })).toEqual(selfSigned);
    expect(tlsOf({ config: { tls: "self-signed" } })).toEqual(selfSigned);
    expect(tlsOf({ config: { tls: "self-signed", dataDir: "/srv/chain" } })).toMatchObject({
      dir: "/srv/chain/tls",
    });
    expect(tlsOf({ config: { tls: { selfSigned: true, names: ["devbox.lan"] } } })).toEqual({
      ...selfSigned,
      names: ["devbox.lan"],
    });
  });

  test("a given pair, its paths relative to the working directory; flags over the environment over the config", () => {
    const files = { kind: "files", cert: "/work/project/certs/a.pem", key: "/etc/keys/a.key" };
    expect(tlsOf({ flags: { "tls-cert": "certs/a.pem", "tls-key": "/etc/keys/a.key" } })).toEqual(files);
    expect(tlsOf({ env: { PRIVNET_TLS_CERT: "certs/a.pem", PRIVNET_TLS_KEY: "/etc/keys/a.key" } })).toEqual(
      files,
    );
    expect(tlsOf({ config: { tls: { cert: "certs/a.pem", key: "/etc/keys/a.key" } } })).toEqual(files);
    expect(
      tlsOf({ config: { tls: { cert: "c.pem", key: "k.pem" } }, env: { PRIVNET_TLS: "self-signed" } }),
    ).toMatchObject({ kind: "self-signed" });
    expect(
      tlsOf({
        env: { PRIVNET_TLS: "self-signed" },
        flags: { "tls-cert": "certs/a.pem", "tls-key": "/etc/keys/a.key" },
      }),
    ).toEqual(files);
  });

  test("--tls-names (or PRIVNET_TLS_NAMES) adds names to the self-signed certificate", () => {
    expect(tlsOf({ flags: { tls: "self-signed", "tls-names": "devbox.lan, 10.0.0.7" } })).toMatchObject({
      names: ["devbox.lan", "10.0.0.7"],
    });
    expect(tlsOf({ config: { tls: "self-signed" }, env: { PRIVNET_TLS_NAMES: "ci.example" } })).toMatchObject(
      { names: ["ci.example"] },
    );
  });

  test("contradictions and half pairs are usage errors naming the flags or variables", () => {
    expect(() => tlsOf({ flags: { tls: "yes" } })).toThrow(
      '--tls takes "self-signed" (for your own key and certificate: --tls-cert and --tls-key), got "yes".',
    );
    expect(() => tlsOf({ flags: { tls: "self-signed", "tls-cert": "a.pem" } })).toThrow(
      "--tls self-signed and --tls-cert: choose a self-signed certificate or your own.",
    );
    expect(() => tlsOf({ flags: { "tls-cert": "a.pem" } })).toThrow(
      "--tls-cert needs --tls-key too: a certificate and its key.",
    );
    expect(() => tlsOf({ env: { PRIVNET_TLS_KEY: "a.key" } })).toThrow(
      "PRIVNET_TLS_KEY needs PRIVNET_TLS_CERT too: a certificate and its key.",
    );
    expect(() => tlsOf({ flags: { "tls-names": "devbox.lan" } })).toThrow(
      "--tls-names adds names to the self-signed certificate: it needs --tls self-signed",
    );
    expect(() =>
      tlsOf({ flags: { "tls-cert": "a.pem", "tls-key": "a.key", "tls-names": "devbox.lan" } }),
    ).toThrow("--tls-names adds names to the self-signed certificate");
    expect(() => tlsOf({ config: { tls: "self-sign" as "self-signed" } })).toThrow(/tls/);
  });
});
