import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { memoryStorage } from "../storage/memoryStorage.js";
import { ensurePlatformContracts, PLATFORM_CONTRACTS_STATE_KEY } from "./ensurePlatformContracts.js";

const devnet = useDevnet();

describe("ensurePlatformContracts", () => {
  const wallet = () =>
    createWalletClient({
      account: privateKeyToAccount(devnet.accounts[1]!.privateKey),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
      pollingInterval: 50,
    });
  const nonceOf = () =>
    createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) }).getTransactionCount({
      address: wallet().account.address,
    });

  test("deploys once, stores the addresses, and reuses them on the next start", async () => {
    const storage = memoryStorage();
    const first = await ensurePlatformContracts(wallet(), { storage });
    expect(first.reused).toBe(false);
    expect(await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY)).toEqual(first.deployment);
    expect(first.deployment).toMatchObject({ chainId: 3151908, deployer: wallet().account.address });
    expect(first.deployment.deployedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const nonce = await nonceOf();
    const second = await ensurePlatformContracts(wallet(), { storage, platformToken: { symbol: "OTHER" } });
    expect(second).toEqual({ addresses: first.addresses, deployment: first.deployment, reused: true });
    expect(await nonceOf()).toBe(nonce);
  });

  test("a reset chain (no code at the stored addresses) means a new deployment, stored", async () => {
    const storage = memoryStorage();
    const first = await ensurePlatformContracts(wallet(), { storage });
    await devnet.reset();
    const second = await ensurePlatformContracts(wallet(), { storage });
    expect(second.reused).toBe(false);
    expect(await nonceOf()).toBeGreaterThan(0);
    expect(await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY)).toEqual(second.deployment);
    expect(second.deployment.deployedAt >= first.deployment.deployedAt).toBe(true);
  });

  test("redeploy: true deploys anew even when the stored contracts are live", async () => {
    const storage = memoryStorage();
    const first = await ensurePlatformContracts(wallet(), { storage });
    const second = await ensurePlatformContracts(wallet(), { storage, redeploy: true });
    expect(second.reused).toBe(false);
    expect(second.addresses.lendingPool).not.toBe(first.addresses.lendingPool);
  });

  test("a stored value of another shape or chain is ignored, not trusted", async () => {
    const storage = memoryStorage();
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, { addresses: "nonsense" });
    expect((await ensurePlatformContracts(wallet(), { storage })).reused).toBe(false);
    const stored = await storage.state.get<Record<string, unknown>>(PLATFORM_CONTRACTS_STATE_KEY);
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, { ...stored, chainId: 1 });
    expect((await ensurePlatformContracts(wallet(), { storage })).reused).toBe(false);
  });

  test("concurrent calls sharing a store deploy once", async () => {
    const storage = memoryStorage();
    const [a, b] = await Promise.all([
      ensurePlatformContracts(wallet(), { storage }),
      ensurePlatformContracts(wallet(), { storage }),
    ]);
    expect([a.reused, b.reused].sort()).toEqual([false, true]);
    expect(a.addresses).toEqual(b.addresses);
  });
});
