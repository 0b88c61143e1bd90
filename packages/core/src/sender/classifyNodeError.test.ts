import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, http, parseGwei, type TransactionSerializableEIP1559 } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { classifyNodeError } from "./classifyNodeError.js";

const devnet = useDevnet();

// The errors come from a real anvil, so the test notices when its wording changes.
test("classifies anvil's refusals of eth_sendRawTransaction", async () => {
  const client = createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl, { retryCount: 0 }),
  });
  const account = privateKeyToAccount(devnet.accounts[6]?.privateKey ?? "0x");
  const base: TransactionSerializableEIP1559 = {
    chainId: devnet.chain.id,
    type: "eip1559",
    to: account.address,
    value: 0n,
    gas: 21_000n,
    maxFeePerGas: parseGwei("10"),
    maxPriorityFeePerGas: parseGwei("1"),
  };
  const send = async (tx: TransactionSerializableEIP1559, signer = account) =>
    client
      .sendRawTransaction({ serializedTransaction: await signer.signTransaction(tx) })
      .then(() => "accepted", classifyNodeError);

  await devnet.request("evm_setAutomine", [false]);
  try {
    expect(await send({ ...base, nonce: 0 })).toBe("accepted");
    expect(await send({ ...base, nonce: 0 })).toBe("already-known");
    expect(await send({ ...base, nonce: 0, value: 1n })).toBe("replacement-underpriced");
    await devnet.request("evm_mine");
    expect(await send({ ...base, nonce: 0, value: 2n })).toBe("nonce-too-low");
    const poor = privateKeyToAccount(generatePrivateKey());
    expect(await send({ ...base, nonce: 0, to: poor.address }, poor)).toBe("insufficient-funds");
  } finally {
    await devnet.request("evm_setAutomine", [true]);
  }
});

test("anything it does not recognise is 'other'", () => {
  expect(classifyNodeError(new Error("the node is on fire"))).toBe("other");
  expect(classifyNodeError("nonce too low")).toBe("nonce-too-low");
});

test("a node that does not answer is 'unreachable'", async () => {
  // Nothing listens on port 9 (discard) on this machine's loopback.
  const client = createPublicClient({
    chain: devnet.chain,
    transport: http("http://127.0.0.1:9", { retryCount: 0 }),
  });
  const error = await client
    .sendRawTransaction({ serializedTransaction: "0x02" })
    .catch((caught: unknown) => caught);
  expect(classifyNodeError(error)).toBe("unreachable");
});
