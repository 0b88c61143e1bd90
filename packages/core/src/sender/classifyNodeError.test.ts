import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, http, parseGwei, type TransactionSerializableEIP1559 } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { classifyNodeError, nodeErrorWords } from "./classifyNodeError.js";

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

test("a node at a fork before the code's instructions: anvil's, ganache's and geth's wording", () => {
  // As anvil 1.7.1 at --hardfork shanghai and ganache 7.9.2 answer eth_estimateGas for MCOPY.
  for (const words of [
    "EVM error NotActivated",
    "VM Exception while processing transaction: invalid opcode",
    "invalid opcode: MCOPY",
  ]) {
    expect(classifyNodeError(new Error(words)), words).toBe("unsupported-opcode");
  }
  expect(classifyNodeError(new Error("execution reverted"))).toBe("other");
});

test("nodeErrorWords: the node's own words, however viem wrapped them", async () => {
  const client = createPublicClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl, { retryCount: 0 }),
  });
  // Init code that is the designated invalid instruction (0xfe).
  const error = await client
    .estimateGas({ account: devnet.accounts[6]?.address as `0x${string}`, data: "0xfe" })
    .catch((caught: unknown) => caught);
  expect(nodeErrorWords(error)).toBe("EVM error InvalidFEOpcode");
  // The designated invalid instruction is there on purpose, at any fork: not a missing one.
  expect(classifyNodeError(error)).toBe("other");
  expect(nodeErrorWords(new Error("plain words"))).toBe("plain words");
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
