/**
 * The longest the devnet's port holds its clients' requests for one fault: a reorganisation under
 * load (about 20 s for depth 10 of full blocks, measured in docs/faults.md) answers every request
 * that arrived meanwhile once the new branch is in place, and never later than this.
 */
export const MAX_FAULT_HOLD_MS = 60_000;

/**
 * A request timeout for clients of a devnet whose faults are used: the hold above and a margin.
 * viem's default (10 s) gives up during a deep reorganisation, and the caller sees a timeout for a
 * request the devnet answers a few seconds later.
 *
 * @example
 * const transport = http(devnet.rpcUrl, { timeout: DEVNET_REQUEST_TIMEOUT_MS });
 */
export const DEVNET_REQUEST_TIMEOUT_MS = MAX_FAULT_HOLD_MS + 5_000;
