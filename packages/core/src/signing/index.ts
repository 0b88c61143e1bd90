export { createKeyVault, KEY_ENVELOPE_PREFIX, type KeyVault } from "./KeyVault.js";
export { type LoadSignerOptions, loadSigner, SIGNER_ENV, signerBackend } from "./loadSigner.js";
export {
  type DigestSignature,
  type SignerBackend,
  type SignerBackendName,
  type SigningKey,
  signerBackendNames,
} from "./SignerBackend.js";
export { type FastAccount, type ToFastAccountOptions, toFastAccount } from "./toFastAccount.js";
