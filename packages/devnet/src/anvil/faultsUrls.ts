const faultsUrlsKey = Symbol.for("privnet.devnet.faultsUrls");
/**
 * Where each devnet answers its faults (the relay's faults port): for the test pool's workers. One
 * map for the whole process, like the pool itself: each Vitest project loads this module afresh,
 * and a project whose global setup finds the pool another project started must still find its
 * devnets' faults (a module-level map of its own would be empty, and its workers' faults relay-less).
 */
const faultsUrlsStore = globalThis as { [faultsUrlsKey]?: WeakMap<object, string> };
faultsUrlsStore[faultsUrlsKey] ??= new WeakMap();
const faultsUrls: WeakMap<object, string> = faultsUrlsStore[faultsUrlsKey];

/** Notes where `devnet` answers its faults, for {@link faultsUrlOf}. */
export function setFaultsUrl(devnet: object, url: string): void {
  faultsUrls.set(devnet, url);
}

/** The URL the faults of `devnet` (a `startDevnet()` devnet) are asked at, from another process (a Vitest worker). */
export function faultsUrlOf(devnet: object): string | undefined {
  return faultsUrls.get(devnet);
}
