import { hexToBytes, keccak256, stringToHex } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";
import { loadNativeSigner } from "./nativeSigner.js";
import { nobleSigner } from "./nobleSigner.js";
import { type SignerBackend, type SignerBackendName, signerBackendNames } from "./SignerBackend.js";
import { loadWasmSigner } from "./wasmSigner.js";

/** The environment variable that caps the fast signer's backend: `native`, `wasm` or `noble`. */
export const SIGNER_ENV = "PRIVNET_SIGNER";

export type LoadSignerOptions = {
  /**
   * The fastest backend to try; the slower ones follow as fallbacks (`native` → `wasm` →
   * `noble`). Default: the `PRIVNET_SIGNER` environment variable, else `native`. `noble` is pure
   * JavaScript only.
   */
  prefer?: SignerBackendName | undefined;
};

/** How each backend is loaded; tests replace entries to see the fallback order at work. */
export type SignerLoaders = Record<SignerBackendName, () => Promise<SignerBackend>>;

const defaultLoaders: SignerLoaders = {
  native: loadNativeSigner,
  wasm: loadWasmSigner,
  noble: async () => nobleSigner,
};

const loaded = new Map<SignerBackendName, Promise<SignerBackend>>();

/**
 * The fastest secp256k1 backend that loads here, from `prefer` down: libsecp256k1 native, then
 * libsecp256k1 as WASM, then viem's @noble signer, which is always there. A backend that is
 * missing, fails to load or signs a known digest differently from @noble is passed over without
 * an error. Chosen once per preference and kept for the process.
 *
 * @example
 * const backend = await loadSigner();                       // fastest available
 * const pureJs = await loadSigner({ prefer: "noble" });     // always @noble
 */
export function loadSigner(options: LoadSignerOptions = {}): Promise<SignerBackend> {
  let prefer: SignerBackendName;
  try {
    prefer = options.prefer ?? preferenceFromEnv();
  } catch (error) {
    return Promise.reject(error);
  }
  let backend = loaded.get(prefer);
  if (!backend) {
    backend = selectSigner(prefer, defaultLoaders);
    loaded.set(prefer, backend);
  }
  return backend;
}

/**
 * Which backend the fast signer uses by default here (after `PRIVNET_SIGNER`).
 *
 * @example
 * console.log(await signerBackend()); // "native" | "wasm" | "noble"
 */
export async function signerBackend(): Promise<SignerBackendName> {
  return (await loadSigner()).name;
}

/**
 * Tries `loaders` from `prefer` down and answers the first backend that loads and signs a known
 * digest exactly as @noble does. Exported for the tests of the fallback order.
 */
export async function selectSigner(
  prefer: SignerBackendName,
  loaders: SignerLoaders,
): Promise<SignerBackend> {
  const start = signerBackendNames.indexOf(prefer);
  if (start < 0) {
    throw new InvalidOptionsError(
      `Unknown signer backend ${JSON.stringify(prefer)}: use ${signerBackendNames.join(", ")}.`,
    );
  }
  for (const name of signerBackendNames.slice(start)) {
    if (name === "noble") break;
    try {
      const backend = await loaders[name]();
      if (await signsLikeNoble(backend)) return backend;
    } catch {
      // Not installed, no binary for this platform, no WebAssembly: the next one.
    }
  }
  return loaders.noble();
}

function preferenceFromEnv(): SignerBackendName {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[SIGNER_ENV]?.trim().toLowerCase();
  if (!value) return "native";
  if (!(signerBackendNames as readonly string[]).includes(value)) {
    throw new InvalidOptionsError(
      `${SIGNER_ENV} is ${JSON.stringify(value)}: use ${signerBackendNames.join(", ")}.`,
    );
  }
  return value as SignerBackendName;
}

// A fixed key and digest: a backend that answers anything else than @noble for them is not used.
const probeKey = keccak256(stringToHex("privnet signer self-test key"));
const probeDigest = keccak256(stringToHex("privnet signer self-test digest"));

async function signsLikeNoble(backend: SignerBackend): Promise<boolean> {
  const key = { hex: probeKey, bytes: hexToBytes(probeKey) };
  const [theirs, ours] = await Promise.all([
    backend.sign(probeDigest, key),
    nobleSigner.sign(probeDigest, key),
  ]);
  return theirs.r === ours.r && theirs.s === ours.s && theirs.yParity === ours.yParity;
}
