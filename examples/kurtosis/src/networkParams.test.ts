import { readFileSync } from "node:fs";
import { deriveAccounts, privnet, SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "@privnet/core";
import { expect, test } from "vitest";
import { parse } from "yaml";

const params = parse(readFileSync(new URL("../network_params.yaml", import.meta.url), "utf8")) as {
  participants: { el_type: string; cl_type: string }[];
  network_params: Record<string, unknown>;
};

test("the Kurtosis network runs privnet's chain: id, slot time, gas limit", () => {
  expect(Number(params.network_params.network_id)).toBe(privnet.id);
  expect(params.network_params.seconds_per_slot).toBe(2);
  expect(params.network_params.slot_duration_ms).toBe(2000);
  expect(params.network_params.genesis_gaslimit).toBe(60_000_000);
});

test("its premined accounts are privnet's 21 system accounts", () => {
  const mnemonic = params.network_params.preregistered_validator_keys_mnemonic;
  expect(mnemonic).toBe(SYSTEM_MNEMONIC);
  const accounts = deriveAccounts(
    String(mnemonic),
    Array.from({ length: SYSTEM_ACCOUNT_COUNT }, (_, index) => index),
  );
  expect(accounts).toHaveLength(21);
  // The first of them, as the package lists it (and as privnet derives it).
  expect(accounts[0]?.address).toBe("0x8943545177806ED17B9F23F0a21ee5948eCaa776");
});

test("several clients: more than one execution and one consensus implementation", () => {
  expect(new Set(params.participants.map((p) => p.el_type)).size).toBeGreaterThan(1);
  expect(new Set(params.participants.map((p) => p.cl_type)).size).toBeGreaterThan(1);
});
