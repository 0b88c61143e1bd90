import { loadConfigFile } from "../config/loadConfigFile.js";
import { resolveSettings } from "../config/resolveSettings.js";
import type { TlsFlags } from "../config/tlsSetting.js";
import { loadTls } from "../tls/loadTls.js";

export type TlsTrustOptions = {
  flags: TlsFlags & { config?: string | undefined; "data-dir"?: string | undefined };
  cwd: string;
  env: NodeJS.ProcessEnv;
  write?: (line: string) => void;
};

/**
 * `privnet tls trust`: the certificate `privnet up` serves with the same config, environment and
 * flags — its file, SHA-256 fingerprint, names and end of validity — and the commands that make
 * each kind of client trust it. Without a TLS setting it is the self-signed one of the data dir,
 * made now if there is none yet (so it can be trusted before the first start). Resolves with 0.
 *
 * @example
 * process.exitCode = await tlsTrust({ flags: {}, cwd: process.cwd(), env: process.env });
 */
export async function tlsTrust(options: TlsTrustOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { config } = await loadConfigFile(options.cwd, options.flags.config);
  const settings = resolveSettings({ config, env: options.env, flags: options.flags, cwd: options.cwd });
  const tls = await loadTls(
    settings.tls
      ? settings
      : { ...settings, tls: { kind: "self-signed", dir: `${settings.dataDir}/tls`, names: [] } },
  );
  if (!tls) return 1;
  const path = tls.certPath;
  const quoted = /[\s"'$]/.test(path) ? `"${path}"` : path;
  for (const line of [
    `Certificate  ${path}${tls.origin === "made" ? " (made now)" : ""}`,
    `SHA-256      ${tls.fingerprint}`,
    `Names        ${tls.names.join(", ")}`,
    `Valid until  ${tls.validTo.toISOString()}`,
    "",
    "A client that trusts this certificate must be shown this fingerprint. Trust it once per machine:",
    "",
    "  Linux (Debian, Ubuntu)",
    `    sudo cp ${quoted} /usr/local/share/ca-certificates/privnet.crt && sudo update-ca-certificates`,
    "  Linux (Fedora, RHEL)",
    `    sudo cp ${quoted} /etc/pki/ca-trust/source/anchors/privnet.crt && sudo update-ca-trust`,
    "  macOS",
    `    sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ${quoted}`,
    "  Windows",
    `    certutil -addstore -f Root ${quoted}`,
    "  Chrome, Chromium, Edge: the system's store on macOS and Windows; on Linux their own (libnss3-tools):",
    `    certutil -d sql:$HOME/.pki/nssdb -A -t "P,," -n privnet -i ${quoted}`,
    "  Firefox: its own store: Settings → Privacy & Security → Certificates → View Certificates →",
    "    Servers → Import…; on macOS and Windows, security.enterprise_roots.enabled (about:config) uses the system's",
    "  Node.js (and tools on it: Hardhat, viem scripts)",
    `    NODE_EXTRA_CA_CERTS=${quoted} node …`,
    "  curl",
    `    curl --cacert ${quoted} https://…`,
    "  MetaMask and other browser wallets use the browser's (or the system's) store.",
  ])
    write(line);
  return 0;
}
