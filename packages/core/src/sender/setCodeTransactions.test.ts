import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  concat,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hash,
  hexToBigInt,
  http,
  parseEther,
  parseGwei,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";

// EIP-7702: an account's code becomes a pointer to a contract (0xef0100 ++ address), and calls to
// the account run that contract's code on the account's own storage. The token's `approve` needs
// no set-up (no owner, no balance), so a call to a delegated account shows the code ran: the
// allowance is then in the account's storage, not in the token's.

const devnet = useDevnet();
const spender = getAddress("0x00000000000000000000000000000000000000dd");
const recipient = getAddress("0x00000000000000000000000000000000000000cc");
const tokenDeployData = encodeDeployData({
  abi: testTokenAbi,
  bytecode: testTokenBytecode,
  args: ["Delegate Test", "DLG", 18, parseEther("1000")],
});
const approve = (amount: bigint) =>
  encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [spender, amount] });

async function deployToken(platform: Platform): Promise<Address> {
  const deployed = await platform.sender.sendTransaction({ fromWalletId: 2, data: tokenDeployData });
  await deployed.wait();
  return deployed.contractAddress as Address;
}

const allowance = (platform: Platform, at: Address, owner: Address) =>
  platform.client.readContract({
    address: at,
    abi: testTokenAbi,
    functionName: "allowance",
    args: [owner, spender],
  });

/** A mined transaction's authorizations, addresses checksummed (nodes answer in lower case). */
const authorizations = <T extends { address: Address }>(tx: {
  authorizationList?: readonly T[] | undefined;
}) => tx.authorizationList?.map((entry) => ({ ...entry, address: getAddress(entry.address) }));

const delegation = (contract: Address) => concat(["0xef0100", contract]).toLowerCase();

describe("set-code transactions (EIP-7702)", () => {
  test("the devnet's hardfork has EIP-7702: an account delegates, and a call to it runs the contract's code", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const token = await deployToken(platform);
      const sponsor = (await platform.wallets.get(2)).address;
      // A fresh account without ETH: someone else pays for its delegation.
      const delegatedKey = generatePrivateKey();
      const delegated = privateKeyToAccount(delegatedKey).address;
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: delegated,
        data: approve(123n),
        authorizationList: [{ contractAddress: token, privateKey: delegatedKey }],
        source: "set-code-test",
      });
      const { record, reason } = await sent.wait();
      expect(reason).toBe("confirmed");
      expect(record).toMatchObject({
        status: "confirmed",
        from: sponsor,
        to: delegated,
        source: "set-code-test",
        // The history names what it is, and the function it called on the delegated account.
        kind: "set-code",
        selector: approve(123n).slice(0, 10),
      });
      expect((await platform.client.getCode({ address: delegated }))?.toLowerCase()).toBe(delegation(token));

      const tx = await platform.client.getTransaction({ hash: record.hash });
      expect(tx.type).toBe("eip7702");
      expect(tx.authorizationList).toHaveLength(1);
      expect(authorizations(tx)?.[0]).toMatchObject({ address: token, chainId: devnet.chain.id, nonce: 0 });
      // The call ran the token's code on the delegated account's storage.
      expect(await allowance(platform, delegated, sponsor)).toBe(123n);
      expect(await allowance(platform, token, sponsor)).toBe(0n);
    } finally {
      await platform.close();
    }
  });

  test("self-sponsored, then a send before it is mined: the send takes the nonce after the authorization's", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const token = await deployToken(platform);
      const account = privateKeyToAccount(devnet.accounts[7]?.privateKey ?? "0x");
      // Nothing is mined in between: the node's pending count does not know the authorization yet.
      await devnet.request("evm_setAutomine", [false]);
      const setCode = await platform.sender.sendTransaction({
        account,
        to: account.address,
        data: approve(5n),
        authorizationList: [{ contractAddress: token }],
        gas: 200_000n,
      });
      const transfer = await platform.sender.sendTransaction({ account, to: recipient, value: 1n });
      await devnet.request("evm_setAutomine", [true]);
      await devnet.request("evm_mine");
      const settled = await Promise.all([setCode.wait(), transfer.wait()]);
      expect(settled.map((s) => s.record.status)).toEqual(["confirmed", "confirmed"]);
      expect(transfer.record.nonce).toBe(setCode.record.nonce + 2);
      expect(await platform.client.getTransactionCount({ address: account.address })).toBe(
        setCode.record.nonce + 3,
      );
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("self-sponsored: the authorization takes the nonce after the transaction's, and the delegated account sends on", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const token = await deployToken(platform);
      const account = privateKeyToAccount(devnet.accounts[6]?.privateKey ?? "0x");
      const sent = await platform.sender.sendTransaction({
        account,
        to: account.address,
        data: approve(7n),
        authorizationList: [{ contractAddress: token }],
      });
      const { record } = await sent.wait();
      expect(record.status).toBe("confirmed");
      const tx = await platform.client.getTransaction({ hash: record.hash });
      expect(tx.type).toBe("eip7702");
      expect(authorizations(tx)?.[0]).toMatchObject({ address: token, nonce: record.nonce + 1 });
      expect((await platform.client.getCode({ address: account.address }))?.toLowerCase()).toBe(
        delegation(token),
      );
      // The call to itself ran the delegated code, the account being its own caller.
      expect(await allowance(platform, account.address, account.address)).toBe(7n);

      // The delegated account goes on sending through privnet: its next nonce is past both.
      const next = await Promise.all([
        platform.sender.sendTransaction({ account, to: recipient, value: 1n }),
        platform.sender.sendTransaction({ account, to: token, data: approve(9n) }),
      ]);
      const settled = await Promise.all(next.map((s) => s.wait()));
      expect(settled.map((s) => s.record.status)).toEqual(["confirmed", "confirmed"]);
      expect(next.map((s) => s.record.nonce).sort()).toEqual([record.nonce + 2, record.nonce + 3]);
      expect(await platform.client.getTransactionCount({ address: account.address })).toBe(record.nonce + 4);
      expect(await allowance(platform, token, account.address)).toBe(9n);
      const transfer = await platform.client.getTransaction({ hash: settled[0]?.record.hash as Hash });
      expect(transfer.type).toBe("eip1559");
    } finally {
      await platform.close();
    }
  });

  test("an authorization signed elsewhere is sent as given", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const token = await deployToken(platform);
      const delegated = privateKeyToAccount(generatePrivateKey());
      const signed = await delegated.signAuthorization({
        contractAddress: token,
        chainId: devnet.chain.id,
        nonce: 0,
      });
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 3,
        to: delegated.address,
        data: approve(1n),
        authorizationList: [signed],
      });
      const { record } = await sent.wait();
      expect(record.status).toBe("confirmed");
      const tx = await platform.client.getTransaction({ hash: record.hash });
      // Compared as numbers: a node answers r and s without leading zero bytes.
      const [sent0] = authorizations(tx) ?? [];
      expect(sent0).toMatchObject({ address: token, nonce: 0, yParity: signed.yParity });
      expect(hexToBigInt(sent0?.r ?? "0x0")).toBe(hexToBigInt(signed.r));
      expect(hexToBigInt(sent0?.s ?? "0x0")).toBe(hexToBigInt(signed.s));
      expect((await platform.client.getCode({ address: delegated.address }))?.toLowerCase()).toBe(
        delegation(token),
      );
    } finally {
      await platform.close();
    }
  });

  test("a stuck set-code transaction is replaced with a higher fee and keeps its authorization list", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
    });
    try {
      const token = await deployToken(platform);
      const delegatedKey = generatePrivateKey();
      const delegated = privateKeyToAccount(delegatedKey).address;
      await devnet.request("evm_setAutomine", [false]);
      const sent = await platform.sender.sendTransaction({
        fromWalletId: 2,
        to: delegated,
        data: approve(5n),
        authorizationList: [{ address: token, privateKey: delegatedKey }],
      });
      const original = await platform.client.getTransaction({ hash: sent.record.hash });
      const replaced = await new Promise<Hash>((resolve) => {
        const listener = (record: { id: number; hash: Hash }) => {
          if (record.id !== sent.record.id || record.hash === sent.record.hash) return;
          platform.events.off("transaction", listener);
          resolve(record.hash);
        };
        platform.events.on("transaction", listener);
      });
      const replacement = await platform.client.getTransaction({ hash: replaced });
      expect(replacement.type).toBe("eip7702");
      expect(replacement.authorizationList).toEqual(original.authorizationList);
      expect(replacement.maxPriorityFeePerGas).toBeGreaterThan(parseGwei("1.1"));
      await devnet.request("evm_mine");
      const { record } = await sent.wait();
      expect(record).toMatchObject({ status: "confirmed", hash: replaced });
      expect((await platform.client.getCode({ address: delegated }))?.toLowerCase()).toBe(delegation(token));
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("a malformed authorization list is refused before anything is sent", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const token = getAddress("0x00000000000000000000000000000000000000ee");
      const key = generatePrivateKey();
      const send = (params: Record<string, unknown>) =>
        platform.sender.sendTransaction({ fromWalletId: 2, ...params } as never);
      // A set-code transaction has a recipient: it cannot deploy.
      await expect(
        send({ data: tokenDeployData, authorizationList: [{ contractAddress: token, privateKey: key }] }),
      ).rejects.toMatchObject({ code: "INVALID_TRANSACTION" });
      await expect(send({ to: recipient, authorizationList: [] })).rejects.toMatchObject({
        code: "INVALID_TRANSACTION",
      });
      await expect(
        send({ to: recipient, authorizationList: [{ contractAddress: "0x1234", privateKey: key }] }),
      ).rejects.toMatchObject({ code: "INVALID_ADDRESS" });
      await expect(
        send({
          to: recipient,
          authorizationList: [{ contractAddress: token, privateKey: key, fromWalletId: 3 }],
        }),
      ).rejects.toMatchObject({ code: "INVALID_TRANSACTION" });
      await expect(
        send({ to: recipient, authorizationList: [{ contractAddress: token, privateKey: "0x12" }] }),
      ).rejects.toMatchObject({ code: "INVALID_PRIVATE_KEY" });
      expect(await platform.transactions.list({ limit: 10 })).toHaveLength(0);
    } finally {
      await platform.close();
    }
  });
});
