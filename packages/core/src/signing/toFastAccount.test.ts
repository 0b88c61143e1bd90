import {
  type Address,
  bytesToHex,
  type Hex,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializable,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import type { SignerBackendName } from "./SignerBackend.js";
import { toFastAccount } from "./toFastAccount.js";

// Every backend against viem's privateKeyToAccount, on random keys and random transactions of
// every kind the platform sends: the serialized signed bytes must be the same, not just valid.

const backends: SignerBackendName[] = ["native", "wasm", "noble"];

const random = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes));
const randomBigint = (bytes: number) => BigInt(bytesToHex(random(bytes)));
const randomInt = (max: number) => Math.floor(Math.random() * max);
const randomAddress = () => bytesToHex(random(20)) as Address;
const randomData = () => bytesToHex(random(1 + randomInt(300)));

/** One random transaction of each kind: legacy, EIP-2930, EIP-1559 with and without data, a deployment. */
function randomTransactions(): { kind: string; transaction: TransactionSerializable }[] {
  const chainId = [1, 3151908, 31337][randomInt(3)] as number;
  const nonce = randomInt(1_000_000);
  const gas = 21_000n + randomBigint(3);
  const fee = { maxFeePerGas: randomBigint(8) + 1n, maxPriorityFeePerGas: randomBigint(4) };
  return [
    {
      kind: "legacy",
      transaction: {
        type: "legacy",
        chainId,
        nonce,
        to: randomAddress(),
        value: randomBigint(12),
        gas,
        gasPrice: randomBigint(8),
      },
    },
    {
      kind: "eip2930 with data",
      transaction: {
        type: "eip2930",
        chainId,
        nonce,
        to: randomAddress(),
        value: 0n,
        gas,
        gasPrice: randomBigint(8),
        data: randomData(),
        accessList: [{ address: randomAddress(), storageKeys: [bytesToHex(random(32))] }],
      },
    },
    {
      kind: "eip1559 transfer",
      transaction: {
        type: "eip1559",
        chainId,
        nonce,
        to: randomAddress(),
        value: randomBigint(12),
        gas,
        ...fee,
      },
    },
    {
      kind: "eip1559 call with data",
      transaction: {
        type: "eip1559",
        chainId,
        nonce,
        to: randomAddress(),
        value: randomBigint(2),
        gas,
        data: randomData(),
        ...fee,
      },
    },
    {
      kind: "eip1559 contract creation",
      transaction: { type: "eip1559", chainId, nonce, value: 0n, gas, data: randomData(), ...fee },
    },
  ];
}

describe("toFastAccount", () => {
  test.each(backends)("the %s backend loads where it is installed and is the one used", async (backend) => {
    const account = toFastAccount(generatePrivateKey(), { prefer: backend });
    // The secp256k1 package ships prebuilt binaries for these platforms only; elsewhere the
    // native preference falls back to WASM (both optional dependencies are installed here).
    const prebuilt = ["linux-x64", "darwin-arm64", "win32-x64"].includes(
      `${process.platform}-${process.arch}`,
    );
    expect(await account.backend()).toBe(backend === "native" && !prebuilt ? "wasm" : backend);
  });

  test("every backend signs random transactions byte for byte as viem's privateKeyToAccount does", async () => {
    let compared = 0;
    for (let round = 0; round < 60; round++) {
      const privateKey = generatePrivateKey();
      const reference = privateKeyToAccount(privateKey);
      const accounts = backends.map((backend) => toFastAccount(privateKey, { prefer: backend }));
      for (const account of accounts) {
        expect(account.address).toBe(reference.address);
        expect(account.publicKey).toBe(reference.publicKey);
      }
      for (const { kind, transaction } of randomTransactions()) {
        const expected = await reference.signTransaction(transaction);
        for (const [index, account] of accounts.entries()) {
          const serialized = await account.signTransaction(transaction);
          expect(serialized, `${kind}, ${backends[index]}`).toBe(expected);
          compared++;
        }
        // And the signature is a real one: it recovers to the key's address.
        expect(await recoverTransactionAddress({ serializedTransaction: expected as never })).toBe(
          reference.address,
        );
        expect(parseTransaction(expected).type).toBe(transaction.type);
      }
    }
    expect(compared).toBe(60 * 5 * backends.length);
  });

  test("messages, typed data, raw digests and authorizations are signed exactly as viem signs them", async () => {
    const typedData = {
      domain: { name: "privnet", version: "1", chainId: 3151908, verifyingContract: randomAddress() },
      types: {
        Transfer: [
          { name: "to", type: "address" },
          { name: "amount", type: "uint256" },
        ],
      },
      primaryType: "Transfer",
      message: { to: randomAddress(), amount: 10n ** 18n },
    } as const;
    for (let round = 0; round < 20; round++) {
      const privateKey = generatePrivateKey();
      const reference = privateKeyToAccount(privateKey);
      const hash = bytesToHex(random(32)) as Hex;
      const authorization = { address: randomAddress(), chainId: 3151908, nonce: randomInt(1000) };
      const expected = {
        message: await reference.signMessage({ message: `hello ${round}` }),
        raw: await reference.signMessage({ message: { raw: random(48) } }),
        typedData: await reference.signTypedData(typedData),
        digest: await reference.sign({ hash }),
        authorization: await reference.signAuthorization(authorization),
      };
      for (const backend of backends) {
        const account = toFastAccount(privateKey, { prefer: backend });
        expect(await account.signMessage({ message: `hello ${round}` })).toBe(expected.message);
        expect(await account.signTypedData(typedData)).toBe(expected.typedData);
        expect(await account.sign({ hash })).toBe(expected.digest);
        expect(await account.signAuthorization(authorization)).toEqual(expected.authorization);
      }
    }
  });

  test("a bad key fails as viem's privateKeyToAccount fails, before any signing", () => {
    expect(() => toFastAccount("0x1234")).toThrow();
    expect(() => privateKeyToAccount("0x1234")).toThrow();
  });
});
