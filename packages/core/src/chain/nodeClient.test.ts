import { useDevnet } from "@privnet/devnet/vitest";
import { custom, http, MethodNotFoundRpcError } from "viem";
import { expect, test } from "vitest";
import { isMethodMissing } from "./isMethodMissing.js";
import { batchingNodeClient, createNodeClient } from "./nodeClient.js";

const devnet = useDevnet();

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

test("a method the node lacks is recorded as its answer passes; a refusal of a method it has is not", async () => {
  const client = createNodeClient({ chain: devnet.chain, transport: http(devnet.rpcUrl, { retryCount: 0 }) });
  // Hardhat's, which anvil does not have (-32601).
  const missing = await failure(client.request({ method: "anvil_addCompilationResult", params: [] }));
  expect(isMethodMissing(missing)).toBe(true);
  expect(client.lacks("anvil_addCompilationResult")).toBe(true);

  const refused = await failure(
    client.request({ method: "eth_getBlockByNumber", params: ["not a block" as "latest", false] }),
  );
  expect(refused).toBeDefined();
  expect(isMethodMissing(refused)).toBe(false);
  expect(client.lacks("eth_getBlockByNumber")).toBe(false);
  // Typed without a cast, and answered by anvil.
  expect(await client.request({ method: "evm_snapshot" })).toMatch(/^0x/);
});

test("the batching client of the same node shares the record, both ways", async () => {
  const node = http(devnet.rpcUrl, { retryCount: 0 })({ chain: devnet.chain });
  // -32601 for the pool, as geth answers with its txpool namespace closed.
  const lacking = custom(
    {
      request: ({ method, params }: { method: string; params?: unknown }) => {
        if (method.startsWith("txpool_")) throw new MethodNotFoundRpcError(new Error(method));
        return node.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  const viaCustom = createNodeClient({ chain: devnet.chain, transport: lacking });
  // Not over HTTP: the client itself.
  expect(batchingNodeClient(viaCustom)).toBe(viaCustom);
  await failure(viaCustom.request({ method: "txpool_status" }));
  expect(viaCustom.lacks("txpool_status")).toBe(true);

  const client = createNodeClient({ chain: devnet.chain, transport: http(devnet.rpcUrl, { retryCount: 0 }) });
  const reader = batchingNodeClient(client);
  expect(reader).not.toBe(client);
  await failure(reader.request({ method: "anvil_addCompilationResult", params: [] }));
  expect(client.lacks("anvil_addCompilationResult")).toBe(true);
  // The standard methods are not recorded, whatever the wording of a refusal.
  await failure(
    reader.request({ method: "eth_getBlockByNumber", params: ["not a block" as "latest", false] }),
  );
  expect(reader.lacks("eth_getBlockByNumber")).toBe(false);
});
