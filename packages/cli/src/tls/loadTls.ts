import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { hostname, networkInterfaces } from "node:os";
import { join } from "node:path";
import {
  certificateCovers,
  certificateInfo,
  createSelfSignedCertificate,
  type TlsMaterial,
} from "@privnet/http";
import type { StackSettings } from "../config/resolveSettings.js";
import type { TlsSetting } from "../config/tlsSetting.js";
import { UsageError } from "../config/UsageError.js";

/** The stack's key and certificate, loaded: what its servers serve and what its own clients trust. */
export type LoadedTls = TlsMaterial & {
  certPath: string;
  keyPath: string;
  /** SHA-256 of the certificate, colon-separated hex: what a client is shown. */
  fingerprint: string;
  names: string[];
  validTo: Date;
  /** `given` (`--tls-cert`), `made` (self-signed, now; `why` says why not the stored one) or `reused`. */
  origin: "given" | "made" | "reused";
  why?: string | undefined;
};

/** A self-signed certificate is made anew when the stored one would expire within this many days. */
const RENEW_BEFORE_DAYS = 30;

/**
 * The stack's TLS key and certificate, or undefined without `tls`. Given files are read and
 * checked: a file that is missing, unreadable, not PEM, or a key that is not the certificate's is
 * a {@link UsageError} naming the file. A self-signed pair is made once in `<dataDir>/tls/` and
 * reused on every start while it covers the names the stack is reached by (localhost, 127.0.0.1,
 * ::1, this machine's host name, each bound host, `tls.names`) and is not about to expire; else
 * it is made anew, and `why` says why.
 *
 * @example
 * const tls = await loadTls(settings);
 * if (tls) console.log(tls.certPath, tls.fingerprint);
 */
export async function loadTls(settings: StackSettings): Promise<LoadedTls | undefined> {
  const { tls } = settings;
  if (!tls) return undefined;
  if (tls.kind === "files") return readGivenPair(tls);
  const certPath = join(tls.dir, "cert.pem");
  const keyPath = join(tls.dir, "key.pem");
  const required = requiredNames(settings, tls.names);
  const stored = readStoredPair(certPath, keyPath);
  const why =
    "problem" in stored
      ? stored.problem
      : (() => {
          const missing = required.filter((name) => !certificateCovers(stored.cert, name));
          if (missing.length > 0) return `the stored one does not cover ${missing.join(", ")}`;
          if (certificateInfo(stored.cert).validTo.getTime() < Date.now() + RENEW_BEFORE_DAYS * 86_400_000)
            return `the stored one expires within ${RENEW_BEFORE_DAYS} days`;
          return undefined;
        })();
  if (why === undefined && !("problem" in stored)) return describe(stored, certPath, keyPath, "reused");
  const made = await createSelfSignedCertificate({ names: [...required, ...interfaceAddresses(settings)] });
  mkdirSync(tls.dir, { recursive: true, mode: 0o700 });
  // Written beside, then renamed: a start cut short never leaves half a key.
  for (const [path, text, mode] of [
    [keyPath, made.key, 0o600],
    [certPath, made.cert, 0o644],
  ] as const) {
    writeFileSync(`${path}.tmp`, text, { mode });
    renameSync(`${path}.tmp`, path);
  }
  return { ...describe(made, certPath, keyPath, "made"), why };
}

/** The names a self-signed certificate must cover for this stack. */
function requiredNames(settings: StackSettings, extra: readonly string[]): string[] {
  const hosts = [settings.admin.host, ...(settings.oracle.enabled ? [settings.oracle.host] : [])];
  if (settings.chain.rpcUrl === undefined) hosts.push(settings.chain.host);
  const bound = hosts.map((host) => host.replace(/^\[(.*)\]$/, "$1")).filter((host) => !isWildcard(host));
  return [...new Set(["localhost", "127.0.0.1", "::1", hostname(), ...bound, ...extra])];
}

/**
 * Bound to every interface: the machine's own addresses too, so that a teammate can use one.
 * Not required for reuse (an address that changes must not change the certificate people trust).
 */
function interfaceAddresses(settings: StackSettings): string[] {
  const hosts = [settings.admin.host, settings.oracle.host, settings.chain.host];
  if (!hosts.some(isWildcard)) return [];
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !(entry.family === "IPv6" && entry.scopeid))
    .map((entry) => entry.address);
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}

function readGivenPair(tls: Extract<TlsSetting, { kind: "files" }>): LoadedTls {
  const cert = readPem(tls.cert, "certificate");
  const key = readPem(tls.key, "key");
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new UsageError(`The TLS certificate ${tls.cert} holds no PEM certificate.`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new UsageError(
      `The TLS key ${tls.key} holds no PEM private key (an encrypted key is not supported).`,
    );
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new UsageError(
      `The TLS key ${tls.key} is not the key of the certificate ${tls.cert}: they do not match.`,
    );
  }
  return describe({ cert, key }, tls.cert, tls.key, "given");
}

function readPem(path: string, what: "certificate" | "key"): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (code ?? "unreadable");
    throw new UsageError(`Cannot read the TLS ${what} ${path}: ${reason}.`);
  }
}

/** The stored self-signed pair, or why it cannot be used. */
function readStoredPair(certPath: string, keyPath: string): TlsMaterial | { problem: string } {
  let pair: TlsMaterial;
  try {
    pair = { cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      problem: code === "ENOENT" ? "there was none yet" : `the stored one could not be read (${code})`,
    };
  }
  try {
    if (new X509Certificate(pair.cert).checkPrivateKey(createPrivateKey(pair.key))) return pair;
    return { problem: "the stored key and certificate do not match" };
  } catch {
    return { problem: "the stored key or certificate is not valid PEM" };
  }
}

function describe(
  pair: TlsMaterial,
  certPath: string,
  keyPath: string,
  origin: LoadedTls["origin"],
): LoadedTls {
  const info = certificateInfo(pair.cert);
  return {
    ...pair,
    certPath,
    keyPath,
    fingerprint: info.fingerprint,
    names: info.names,
    validTo: info.validTo,
    origin,
  };
}
