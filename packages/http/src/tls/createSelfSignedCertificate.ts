import { randomBytes, webcrypto } from "node:crypto";
import { isIP } from "node:net";
import type { TlsMaterial } from "./TlsMaterial.js";

export type CreateSelfSignedCertificateParameters = {
  /** Host names and IP addresses (v4 or v6, without brackets) the certificate is valid for. */
  names: readonly string[];
  /**
   * Days it is valid from now. Default 825: the longest macOS and iOS accept for a server
   * certificate a user trusted by hand.
   */
  days?: number;
  /** The subject's common name. Default "privnet". */
  commonName?: string;
};

/**
 * A new ECDSA P-256 key and a self-signed X.509 server certificate for `names` (subject
 * alternative names: DNS names and IP addresses), as PEM. It is an end-entity certificate (not a
 * CA: Firefox refuses a CA certificate used as a server's) with `serverAuth`, so that a client
 * that trusts this one certificate — `ca` in Node, `--cacert` in curl, a system or browser store —
 * accepts it for those names.
 *
 * The key is made by Node's WebCrypto; the certificate is written by `@peculiar/x509` (Node's
 * crypto makes keys, not certificates), loaded only when a certificate is made.
 *
 * @example
 * const { cert, key } = await createSelfSignedCertificate({ names: ["localhost", "127.0.0.1", "::1"] });
 * https.createServer({ cert, key }, app);
 */
export async function createSelfSignedCertificate(
  parameters: CreateSelfSignedCertificateParameters,
): Promise<TlsMaterial> {
  // The library needs the Reflect metadata API; loaded here, only by a caller that makes a certificate.
  await import("reflect-metadata");
  const x509 = await import("@peculiar/x509");
  const { names, days = 825, commonName = "privnet" } = parameters;
  if (names.length === 0) throw new TypeError("A certificate needs at least one name.");
  const algorithm = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
  // Node's WebCrypto, as the library's provider: its type differs from the DOM's `Crypto` only
  // in overloads (Ed25519, X25519) that are not used here.
  const crypto = webcrypto as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[1];
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    "sign",
    "verify",
  ])) as webcrypto.CryptoKeyPair;
  const notBefore = new Date(Date.now() - 60_000); // a minute back: clocks a little behind still accept it
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      // 16 random bytes with the top bit clear: a positive serial (RFC 5280, 4.1.2.2).
      serialNumber: `${((randomBytes(1)[0] ?? 0) & 0x7f).toString(16).padStart(2, "0")}${randomBytes(15).toString("hex")}`,
      name: `CN=${commonName.replace(/[,=+<>#;\\"]/g, "")}`,
      notBefore,
      notAfter: new Date(notBefore.getTime() + days * 86_400_000),
      keys,
      signingAlgorithm: algorithm,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(
          [...new Set(names)].map((name) =>
            isIP(name) ? { type: "ip" as const, value: name } : { type: "dns" as const, value: name },
          ),
        ),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", keys.privateKey);
  return { cert: certificate.toString("pem"), key: x509.PemConverter.encode(pkcs8, "PRIVATE KEY") };
}
