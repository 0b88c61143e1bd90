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

  test("the node memory limit: 1536 MB every 30 s by default; off at 0 or without the clock; a bad one refused", () => {
    const onLinux = process.platform === "linux";
    expect(resolveDevnetSettings({}).memoryCeiling).toEqual(
      onLinux ? { limitMb: 1536, checkMs: 30_000 } : undefined,
    );
    expect(resolveDevnetSettings({ nodeMemoryLimit: 0 }).memoryCeiling).toBeUndefined();
    expect(resolveDevnetSettings({ nodeMemoryLimit: 512, clock: false }).memoryCeiling).toBeUndefined();
    for (const nodeMemoryLimit of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => resolveDevnetSettings({ nodeMemoryLimit })).toThrow(
        expect.objectContaining({
          code: "DEVNET_START_FAILED",
          message: expect.stringContaining("nodeMemoryLimit"),
        }),
      );
    expect(() => resolveDevnetSettings({ nodeMemoryCheckMs: 0 })).toThrow(/nodeMemoryCheckMs/);
  });
});
