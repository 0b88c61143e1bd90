import {
  type Hex,
  hashMessage,
  hashTypedData,
  hexToBytes,
  keccak256,
  type SerializeTransactionFn,
  type Signature,
  serializeSignature,
  serializeTransaction,
  type TransactionSerializable,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount, toAccount } from "viem/accounts";
import { hashAuthorization } from "viem/utils";
import { type LoadSignerOptions, loadSigner } from "./loadSigner.js";
import type { SignerBackend, SigningKey } from "./SignerBackend.js";

export type ToFastAccountOptions = LoadSignerOptions;

/** A viem private-key account whose signatures come from the fastest secp256k1 backend here. */
export type FastAccount = PrivateKeyAccount & {
  /** Which backend signs for it (`native`, `wasm` or `noble`); known once it loaded. */
  backend(): Promise<SignerBackend["name"]>;
};

/**
 * A drop-in for viem's `privateKeyToAccount`: the same address, the same methods
 * (`signTransaction`, `signMessage`, `signTypedData`, `sign`, `signAuthorization`) and
 * byte-identical results, but signed by libsecp256k1 — native where its binary loads, WASM where
 * that loads, viem's @noble signer otherwise (see {@link loadSigner}; `PRIVNET_SIGNER=noble`
 * forces pure JavaScript). Deterministic signatures (RFC 6979) are what make the three agree.
 *
 * @example
 * import { toFastAccount } from "@privnet/core";
 * const account = toFastAccount(privateKey);
 * const serialized = await account.signTransaction({ chainId: 3151908, type: "eip1559", to, value: 1n, nonce: 0, gas: 21000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n });
 */
export function toFastAccount(privateKey: Hex, options: ToFastAccountOptions = {}): FastAccount {
  // viem's own account for the address and public key: a bad key fails here exactly as with viem.
  const { address, publicKey } = privateKeyToAccount(privateKey);
  const key: SigningKey = { hex: privateKey, bytes: hexToBytes(privateKey) };
  let backend: Promise<SignerBackend> | undefined;
  const signDigest = async (digest: Hex): Promise<Signature> => {
    backend ??= loadSigner(options);
    const { r, s, yParity } = await (await backend).sign(digest, key);
    return { r, s, v: yParity ? 28n : 27n, yParity };
  };

  const account = toAccount({
    address,
    async sign({ hash }) {
      return serializeSignature(await signDigest(hash));
    },
    async signAuthorization(authorization) {
      const target = authorization.contractAddress ?? authorization.address;
      const signature = await signDigest(
        hashAuthorization({ address: target, chainId: authorization.chainId, nonce: authorization.nonce }),
      );
      return { address: target, chainId: authorization.chainId, nonce: authorization.nonce, ...signature };
    },
    async signMessage({ message }) {
      return serializeSignature(await signDigest(hashMessage(message)));
    },
    async signTransaction(transaction, { serializer = serializeTransaction } = {}) {
      const serialize = serializer as SerializeTransactionFn<TransactionSerializable>;
      // As viem does: a blob transaction is signed without its sidecars.
      const signable =
        transaction.type === "eip4844" ? { ...transaction, sidecars: false as const } : transaction;
      const signature = await signDigest(keccak256(await serialize(signable)));
      return serialize(transaction, signature);
    },
    async signTypedData(typedData) {
      return serializeSignature(await signDigest(hashTypedData(typedData)));
    },
  });
  return {
    ...account,
    publicKey,
    source: "privateKey",
    async backend() {
      backend ??= loadSigner(options);
      return (await backend).name;
    },
  } as FastAccount;
}
