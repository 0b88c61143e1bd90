import { describe, expect, test } from "vitest";
import { resolveDevnetSettings } from "./devnetSettings.js";

describe("resolveDevnetSettings", () => {
  test("tls is served by the relay: refused with clock: false, before anything starts", () => {
    const tls = { cert: "-----BEGIN CERTIFICATE-----", key: "-----BEGIN PRIVATE KEY-----" };
    expect(resolveDevnetSettings({ tls })).toMatchObject({ tls, withClock: true });
    expect(() => resolveDevnetSettings({ tls, clock: false })).toThrow(
      expect.objectContaining({
        code: "DEVNET_START_FAILED",
        message: expect.stringContaining("tls needs the clock relay"),
      }),
    );
  });
});
