import type { Address } from "viem";

/**
 * The storage key of an address's nonce counter, and of its lock: held by every send from the
 * address (on any platform that shares the storage), and by the watcher while it changes what the
 * node's pool holds for the address, so that no send reads the node's counts meanwhile.
 */
export const nonceLockKey = (address: Address) => `nonce:${address.toLowerCase()}`;
