import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, custom, http, type PublicClient, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { expect, test } from "vitest";
import { readBalances } from "./readBalances.js";

const devnet = useDevnet();

/** A client over plain HTTP (no batching) that counts the JSON-RPC requests it makes. */
function countingClient(refuse?: (method: string, params: unknown) => boolean) {
  const counted = { requests: 0, methods: [] as string[] };
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain });
  const client = createPublicClient({
    chain: devnet.chain,
    transport: custom({
      async request({ method, params }) {
        counted.requests++;
        counted.methods.push(method);
        if (refuse?.(method, params)) throw new Error("state overrides are not supported");
        return inner.request({ method, params });
      },
    }),
  }) as PublicClient;
  return { client, counted };
}

test("reads the balances of many addresses in one round trip, whatever the transport", async () => {
  const fresh = Array.from({ length: 40 }, () => privateKeyToAddress(generatePrivateKey()));
  await devnet.request("anvil_setBalance", [fresh[7], "0x1234"]);
  const addresses = [...devnet.accounts.map((account) => account.address), ...fresh];
  const { client, counted } = countingClient();

  const balances = await readBalances(client, addresses);

  expect(counted.requests).toBe(1);
  expect(counted.methods).toEqual(["eth_call"]);
  expect(balances).toHaveLength(61);
  expect(balances[0]).toBe(parseEther("1000000000"));
  expect(balances[21 + 7]).toBe(0x1234n);
  expect(balances[21]).toBe(0n);
});

test("falls back to one eth_getBalance per address when the node refuses state overrides", async () => {
  const { client, counted } = countingClient((method) => method === "eth_call");
  const addresses = devnet.accounts.slice(0, 3).map((account) => account.address);
  const balances = await readBalances(client, addresses);
  expect(balances).toEqual([parseEther("1000000000"), parseEther("1000000000"), parseEther("1000000000")]);
  expect(counted.methods.filter((method) => method === "eth_getBalance")).toHaveLength(3);
});

test("no addresses, no request", async () => {
  const { client, counted } = countingClient();
  expect(await readBalances(client, [])).toEqual([]);
  expect(counted.requests).toBe(0);
});
