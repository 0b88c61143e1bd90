import { createHash, X509Certificate } from "node:crypto";
import { useDevnet } from "@privnet/devnet/vitest";
import { createSelfSignedCertificate } from "@privnet/http";
import { afterEach, describe, expect, test } from "vitest";
import { chromiumMissing, launchChromium } from "./fixtures/chromium.js";
import { startPanelStack } from "./fixtures/startPanelStack.js";

// The panel as `privnet up --tls self-signed` serves it: over HTTPS, in a browser that trusts
// that one certificate (its public key pinned with --ignore-certificate-errors-spki-list, the
// way a certificate trusted in the system's store is, without turning every check off).

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(chromiumMissing() !== undefined && !process.env.CI)("the panel over HTTPS", () => {
  const devnet = useDevnet();
  test("loads its first page, its API reads and its event streams over TLS", async () => {
    const tls = await createSelfSignedCertificate({ names: ["localhost", "127.0.0.1", "::1"] });
    const stack = await startPanelStack({ rpcUrl: devnet.rpcUrl, tls });
    cleanups.push(() => stack.close());
    expect(stack.panelUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/panel\/$/);

    const spki = new X509Certificate(tls.cert).publicKey.export({ type: "spki", format: "der" });
    const pin = createHash("sha256").update(spki).digest("base64");
    const browser = await launchChromium([`--ignore-certificate-errors-spki-list=${pin}`]);
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const answered = await page.goto(`${stack.panelUrl}wallets`);
    expect(answered?.status()).toBe(200);
    expect(await answered?.securityDetails()).toMatchObject({ subjectName: "privnet" });
    await page.getByRole("heading", { name: "Stored wallets (21)" }).waitFor({ timeout: 20_000 });
    // A page of the event streams (server-sent events over the same TLS connection).
    await page.getByRole("link", { name: "Bots" }).click();
    await page.getByText("Live: counters follow the bots' event stream.").waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);

    // Without the pin the same browser's other instance refuses the certificate.
    const untrusting = await launchChromium();
    cleanups.push(() => untrusting.close());
    await expect((await untrusting.newPage()).goto(stack.panelUrl)).rejects.toThrow(
      /ERR_CERT_AUTHORITY_INVALID/,
    );
  });
});
