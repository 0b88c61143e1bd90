import type { Abi, Address, Hex } from "viem";
import type {
  CallFrame,
  ChainLog,
  ChainTransaction,
  DecodedArgument,
  RevertLocation,
} from "../ExplorerShapes.js";
import type { ChainStateChanges } from "../stateChanges/StateChangeShapes.js";

/**
 * One call of a simulation, from any address (no key needed): raw `data`, or a `function` (name or
 * full signature) with `args` encoded with `abi` or the ABI the explorer knows for `to`. No `to`:
 * a deployment, `data` being the creation code.
 */
export type SimulationCall = {
  from: Address | string;
  to?: Address | string | null | undefined;
  data?: Hex | undefined;
  function?: string | undefined;
  /** As JSON gives them: integers as decimal strings or numbers. */
  args?: readonly unknown[] | undefined;
  abi?: Abi | undefined;
  /** Wei. */
  value?: bigint | undefined;
  /** The gas limit; default the block's. */
  gas?: bigint | undefined;
};

/** A storage override's value: an integer (decimal or `0x` hex), an address, `true`/`false`, fixed bytes as hex. */
export type StorageOverrideValue = string | number | bigint | boolean;

/**
 * What an account holds during the simulation instead of what the chain says. `storage` keys are
 * variable paths of the contract's storage layout (`balances[0x…]`, `positions[7].debt`) or raw
 * slots (`0x` and up to 64 hex digits); the other slots keep the chain's values.
 */
export type AccountOverride = {
  /** Wei. */
  balance?: bigint | undefined;
  nonce?: number | undefined;
  code?: Hex | undefined;
  storage?: Record<string, StorageOverrideValue> | undefined;
};

/** The block the calls run in, changed. */
export type BlockOverrides = { number?: bigint | undefined; time?: number | undefined };

export type SimulateParameters = {
  /** Run in order, each on the state the ones before it left. At most 16. */
  calls: readonly SimulationCall[];
  /** The block whose state the calls start from (within the node's kept history); default the head. */
  block?: bigint | number | "latest" | undefined;
  overrides?: Record<string, AccountOverride> | undefined;
  blockOverrides?: BlockOverrides | undefined;
  /** Keep the answer, to open again by its `id` (`platform.explorer.simulation(id)`). */
  save?: boolean | undefined;
};

/** A simulated call's transaction, as a mined one's minus what only mining gives (hash, block hash, fee). */
export type SimulatedTransaction = Omit<
  ChainTransaction,
  "hash" | "blockHash" | "index" | "timestamp" | "effectiveGasPrice" | "fee" | "sentByPrivnet"
> & {
  /** Its place in the bundle, from 0. */
  index: number;
  /** The block time it ran with (unix seconds). */
  timestamp: number;
};

/**
 * One simulated call explained as a mined transaction is (`platform.explorer.transaction`): status
 * and gas, the decoded return value or the revert with its source line, decoded events, the call
 * tree, state changes by variable, ETH and token balance changes, console.log output. Nothing is
 * paid: the gas price is zero, so balances change by the values moved only.
 */
export type SimulatedCall = {
  transaction: SimulatedTransaction;
  /** The return data; null for a deployment or a revert. */
  returnData: Hex | null;
  /** The return data decoded with the called function's outputs; null when the ABI is not known. */
  returned: DecodedArgument[] | null;
  logs: ChainLog[];
  revertReason: string | null;
  trace: CallFrame | null;
  revertLocation: RevertLocation | null;
  consoleLogs: string[];
  nonce: number;
  gasLimit: bigint;
  input: Hex;
  stateChanges: ChainStateChanges | null;
};

/** `platform.explorer.simulate()`: every call explained, and where they ran. */
export type Simulation = {
  /** Set when saved: open it again with `platform.explorer.simulation(id)`. */
  id: string | null;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  /** The block whose state the calls started from. */
  blockNumber: bigint;
  /** The number and time the calls ran with (the next block's, unless overridden). */
  runBlock: { number: bigint; time: number };
  calls: SimulatedCall[];
};
