import { createPrivateKey, X509Certificate } from "node:crypto";
import { request } from "node:https";
import { connect } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { startServer } from "../server/startServer.js";
import { certificateCovers, certificateInfo } from "./certificateInfo.js";
import { createSelfSignedCertificate } from "./createSelfSignedCertificate.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** GET over HTTPS trusting only `ca`; resolves with the body and the certificate the server showed. */
function getTrusting(url: string, ca: string, servername?: string) {
  return new Promise<{ body: string; fingerprint: string }>((resolve, reject) => {
    const req = request(url, { ca, ...(servername ? { servername } : {}) }, (response) => {
      const fingerprint = (response.socket as import("node:tls").TLSSocket).getPeerX509Certificate()
        ?.fingerprint256;
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ body, fingerprint: fingerprint ?? "" }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("createSelfSignedCertificate", () => {
  test("a server certificate for the names asked, with its own key, that a client trusting it accepts", async () => {
    const tls = await createSelfSignedCertificate({ names: ["localhost", "127.0.0.1", "::1", "devbox.lan"] });
    const info = certificateInfo(tls.cert);
    expect(info.names).toEqual(["localhost", "127.0.0.1", "::1", "devbox.lan"]);
    expect(info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(info.selfSigned).toBe(true);
    // 825 days: what macOS accepts for a certificate a user trusted.
    expect(Math.round((info.validTo.getTime() - info.validFrom.getTime()) / 86_400_000)).toBe(825);
    expect(new X509Certificate(tls.cert).checkPrivateKey(createPrivateKey(tls.key))).toBe(true);
    expect(new X509Certificate(tls.cert).ca).toBe(false);
    expect(
      ["localhost", "127.0.0.1", "[::1]", "devbox.lan"].map((name) => certificateCovers(tls.cert, name)),
    ).toEqual([true, true, true, true]);
    expect(certificateCovers(tls.cert, "other.lan")).toBe(false);

    const served = await startServer((_request, response) => response.end("over tls"), {
      port: 0,
      host: "127.0.0.1",
      tls,
    });
    cleanups.push(() => served.close());
    expect(served.url).toBe(`https://127.0.0.1:${served.port}`);
    await expect(getTrusting(served.url, tls.cert)).resolves.toEqual({
      body: "over tls",
      fingerprint: info.fingerprint,
    });
    await expect(getTrusting(`https://localhost:${served.port}`, tls.cert)).resolves.toMatchObject({
      body: "over tls",
    });
    // A name it was not made for is refused by the client, as is a client that trusts another certificate.
    await expect(getTrusting(served.url, tls.cert, "other.lan")).rejects.toMatchObject({
      code: "ERR_TLS_CERT_ALTNAME_INVALID",
    });
    const other = await createSelfSignedCertificate({ names: ["127.0.0.1"] });
    await expect(getTrusting(served.url, other.cert)).rejects.toMatchObject({
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
  });

  test("a clear-text HTTP request to the TLS port gets no HTTP answer", async () => {
    const tls = await createSelfSignedCertificate({ names: ["127.0.0.1"] });
    const served = await startServer((_request, response) => response.end("over tls"), {
      port: 0,
      host: "127.0.0.1",
      tls,
    });
    cleanups.push(() => served.close());
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(served.port, "127.0.0.1", () =>
        socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
      );
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(received).not.toMatch(/^HTTP\//);
    expect(received).not.toContain("over tls");
  });
});

describe("an HTTPS server's close()", () => {
  test("waits for an open request, and a connection still in its handshake does not hold it", async () => {
    const tls = await createSelfSignedCertificate({ names: ["127.0.0.1"] });
    let finishSlow: () => void = () => {};
    let slowArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    const served = await startServer(
      (_request, response) => {
        finishSlow = () => response.end("done");
        slowArrived();
      },
      { port: 0, host: "127.0.0.1", tls },
    );
    // A client that connects and never says hello.
    const silent = await new Promise<import("node:net").Socket>((resolve) => {
      const socket = connect(served.port, "127.0.0.1", () => resolve(socket));
    });
    const silentClosed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
    const slow = getTrusting(served.url, tls.cert);
    await arrived;

    let closed = false;
    const closing = served.close().then(() => {
      closed = true;
    });
    await silentClosed;
    expect(closed).toBe(false); // the open request still holds the server…
    finishSlow();
    await expect(slow).resolves.toMatchObject({ body: "done" }); // …and gets its whole answer
    await closing;
    expect(closed).toBe(true);
  });
});
