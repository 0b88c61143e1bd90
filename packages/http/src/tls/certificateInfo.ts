import { X509Certificate } from "node:crypto";

/** What a person checks of a certificate: see {@link certificateInfo}. */
export type CertificateInfo = {
  /** SHA-256 of the DER certificate, as colon-separated upper-case hex (what browsers and `openssl x509 -fingerprint -sha256` show). */
  fingerprint: string;
  /** Its subject alternative names: DNS names and IP addresses. */
  names: string[];
  validFrom: Date;
  validTo: Date;
  /** Whether it is signed by its own key. */
  selfSigned: boolean;
};

/**
 * The fingerprint, names and validity of the first certificate in `pem`. Throws (Node's error)
 * when `pem` holds no certificate.
 *
 * @example
 * certificateInfo(readFileSync("cert.pem", "utf8")).fingerprint; // "3A:9F:…"
 */
export function certificateInfo(pem: string): CertificateInfo {
  const certificate = new X509Certificate(pem);
  return {
    fingerprint: certificate.fingerprint256,
    names: (certificate.subjectAltName ?? "")
      .split(/,\s*/)
      .filter(Boolean)
      .map((entry) =>
        entry.startsWith("IP Address:")
          ? shortIp(entry.slice("IP Address:".length))
          : entry.replace(/^DNS:/, ""),
      ),
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
    selfSigned: certificate.issuer === certificate.subject && certificate.verify(certificate.publicKey),
  };
}

/**
 * Whether the certificate in `pem` is valid for `name` (a host name, or an IP address without
 * brackets), as a client checks it.
 */
export function certificateCovers(pem: string, name: string): boolean {
  const certificate = new X509Certificate(pem);
  const bare = name.replace(/^\[(.*)\]$/, "$1");
  return /^[\d.]+$|:/.test(bare)
    ? certificate.checkIP(bare) !== undefined
    : certificate.checkHost(bare) !== undefined;
}

/** An IPv6 address as usually written (`::1`; OpenSSL prints `0:0:0:0:0:0:0:1`); an IPv4 one as it is. */
function shortIp(ip: string): string {
  return ip.includes(":") ? new URL(`http://[${ip}]`).hostname.slice(1, -1) : ip;
}
