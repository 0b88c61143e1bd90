import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createKeyVault, KEY_ENVELOPE_PREFIX } from "./KeyVault.js";

const privateKey = generatePrivateKey();
const address = privateKeyToAddress(privateKey);

test("without a passphrase keys are stored as they are", async () => {
  const vault = createKeyVault();
  expect(vault.encrypted).toBe(false);
  expect(await vault.seal(privateKey, address)).toBe(privateKey);
  expect(await vault.open(privateKey, address)).toBe(privateKey);
});

test("with a passphrase keys are sealed in a versioned envelope and open again", async () => {
  const vault = createKeyVault("correct horse battery staple");
  const sealed = await vault.seal(privateKey, address);
  expect(sealed.startsWith(KEY_ENVELOPE_PREFIX)).toBe(true);
  expect(sealed).not.toContain(privateKey.slice(2));
  // Every seal uses a fresh IV: the same key never gives the same envelope.
  expect(await vault.seal(privateKey, address)).not.toBe(sealed);
  expect(await vault.open(sealed, address)).toBe(privateKey);
  // Another vault (another process) with the same passphrase opens it too.
  expect(await createKeyVault("correct horse battery staple").open(sealed, address)).toBe(privateKey);
  // Plain keys stored before encryption was turned on stay readable.
  expect(await vault.open(privateKey, address)).toBe(privateKey);
});

test("a wrong passphrase, a moved envelope or a damaged one is WALLET_DECRYPTION_FAILED", async () => {
  const sealed = await createKeyVault("right").seal(privateKey, address);
  const wrong = await createKeyVault("wrong")
    .open(sealed, address)
    .catch((error: unknown) => error);
  expect(isPrivnetError(wrong, "WALLET_DECRYPTION_FAILED")).toBe(true);
  const otherAddress = privateKeyToAddress(generatePrivateKey());
  const moved = await createKeyVault("right")
    .open(sealed, otherAddress)
    .catch((error: unknown) => error);
  expect(isPrivnetError(moved, "WALLET_DECRYPTION_FAILED")).toBe(true);
  const damaged = await createKeyVault("right")
    .open(`${KEY_ENVELOPE_PREFIX}1:2:3`, address)
    .catch((error: unknown) => error);
  expect(isPrivnetError(damaged, "WALLET_DECRYPTION_FAILED")).toBe(true);
});

test("an encrypted key without a configured passphrase is WALLET_LOCKED", async () => {
  const sealed = await createKeyVault("secret").seal(privateKey, address);
  const error = await createKeyVault()
    .open(sealed, address)
    .catch((caught: unknown) => caught);
  expect(isPrivnetError(error, "WALLET_LOCKED")).toBe(true);
});
