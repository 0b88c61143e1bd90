import { isAbsolute, resolve } from "node:path";
import type { PrivnetConfig } from "./defineConfig.js";
import { UsageError } from "./UsageError.js";

/** Where the stack's TLS key and certificate come from; undefined: clear text. */
export type TlsSetting =
  | {
      kind: "self-signed";
      /** Absolute: `<dataDir>/tls`, where the key and certificate are made once and kept. */
      dir: string;
      /** Names the certificate must cover besides localhost, the loopback addresses, the host name and the bound hosts. */
      names: string[];
    }
  | {
      kind: "files";
      /** Absolute paths of the PEM files. */
      cert: string;
      key: string;
    };

/** The TLS flags of `privnet up` (and of `privnet tls trust`), as parsed. */
export type TlsFlags = {
  tls?: string | undefined;
  "tls-cert"?: string | undefined;
  "tls-key"?: string | undefined;
  "tls-names"?: string | undefined;
};

type ConfigTls = PrivnetConfig["tls"];

/**
 * The config's `tls` with the environment's over it and the flags' over both. Within one of
 * them, `self-signed` with a certificate file, or a certificate without its key, is a
 * {@link UsageError} naming both; `--tls-names` (or `PRIVNET_TLS_NAMES`) needs a self-signed
 * certificate.
 */
export function tlsOverride(config: ConfigTls, env: NodeJS.ProcessEnv, flags: TlsFlags): ConfigTls {
  const fromFlags = layer(
    { mode: flags.tls, cert: flags["tls-cert"], key: flags["tls-key"] },
    { mode: "--tls", cert: "--tls-cert", key: "--tls-key" },
  );
  const fromEnv = layer(
    {
      mode: env.PRIVNET_TLS || undefined,
      cert: env.PRIVNET_TLS_CERT || undefined,
      key: env.PRIVNET_TLS_KEY || undefined,
    },
    { mode: "PRIVNET_TLS", cert: "PRIVNET_TLS_CERT", key: "PRIVNET_TLS_KEY" },
  );
  const tls = fromFlags ?? fromEnv ?? config;
  const namesFrom =
    flags["tls-names"] !== undefined
      ? "--tls-names"
      : env.PRIVNET_TLS_NAMES
        ? "PRIVNET_TLS_NAMES"
        : undefined;
  if (namesFrom === undefined) return tls;
  if (tls === undefined || (typeof tls === "object" && "cert" in tls)) {
    throw new UsageError(
      `${namesFrom} adds names to the self-signed certificate: it needs --tls self-signed (or PRIVNET_TLS=self-signed, or tls: "self-signed" in privnet.config.ts).`,
    );
  }
  const names = (flags["tls-names"] ?? env.PRIVNET_TLS_NAMES ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return { selfSigned: true, names };
}

/** The config's (checked) `tls`, with paths made absolute and the defaults filled in. */
export function resolveTlsSetting(tls: ConfigTls, dataDir: string, cwd: string): TlsSetting | undefined {
  if (tls === undefined) return undefined;
  if (typeof tls === "object" && "cert" in tls) {
    const absolute = (path: string) => (isAbsolute(path) ? path : resolve(cwd, path));
    return { kind: "files", cert: absolute(tls.cert), key: absolute(tls.key) };
  }
  return {
    kind: "self-signed",
    dir: resolve(dataDir, "tls"),
    names: typeof tls === "object" ? (tls.names ?? []) : [],
  };
}

function layer(
  values: { mode: string | undefined; cert: string | undefined; key: string | undefined },
  names: { mode: string; cert: string; key: string },
): ConfigTls {
  const { mode, cert, key } = values;
  if (mode !== undefined && mode !== "self-signed") {
    throw new UsageError(
      `${names.mode} takes "self-signed" (for your own key and certificate: ${names.cert} and ${names.key}), got "${mode}".`,
    );
  }
  if (mode !== undefined && (cert !== undefined || key !== undefined)) {
    throw new UsageError(
      `${names.mode} self-signed and ${cert !== undefined ? names.cert : names.key}: choose a self-signed certificate or your own.`,
    );
  }
  if (mode !== undefined) return "self-signed";
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) {
    throw new UsageError(
      `${cert === undefined ? names.key : names.cert} needs ${cert === undefined ? names.cert : names.key} too: a certificate and its key.`,
    );
  }
  return { cert, key };
}
