import type { Abi, Address, Hash, Hex } from "viem";
import type { IndexedBlock, TokenStandard } from "../storage/ExplorerStore.js";
import type { TransactionKind } from "../storage/TransactionKind.js";
import type { AddressLabel } from "./AddressLabelShapes.js";
import type { ChainStateChanges } from "./stateChanges/StateChangeShapes.js";

export type { AddressLabel, AddressLabelSource } from "./AddressLabelShapes.js";

/** Where an ABI comes from; `artifact`: a loaded build artifact matched by the contract's code. */
export type ContractSource = "platform" | "bot" | "user" | "artifact" | "standard";

/** A proxy decoded with its implementation's ABI. */
export type ContractProxy = { standard: "eip1167" | "eip1967"; implementation: Address };

/** A contract whose ABI the explorer knows. */
export type KnownContract = {
  name: string;
  address: Address;
  abi: Abi;
  source: ContractSource;
  /** Set for an EIP-1167 clone or an EIP-1967 proxy matched through its implementation. */
  proxy?: ContractProxy | undefined;
};

/** One decoded argument of a call, an event or an error; `value` as viem decodes it (bigints included). */
export type DecodedArgument = { name: string; type: string; value: unknown };

/** Calldata read with an ABI: the function and its named arguments. */
export type DecodedCall = {
  /** The ABI's name: a contract's ("PriceOracle"), a registered one's, or "ERC20" / "ERC721" / "ERC1155". */
  contract: string;
  name: string;
  /** `transfer(address,uint256)`. */
  signature: string;
  args: DecodedArgument[];
};

/** A log read with an ABI. */
export type DecodedEvent = DecodedCall;

/** A block of the index. */
export type ChainBlock = IndexedBlock;

/** A token movement with the token's symbol and decimals, and every address's label. */
export type ChainTokenTransfer = {
  standard: TokenStandard;
  token: Address;
  tokenLabel: AddressLabel | null;
  symbol: string | null;
  decimals: number | null;
  from: Address;
  fromLabel: AddressLabel | null;
  to: Address;
  toLabel: AddressLabel | null;
  /** Raw units; 1 for an ERC-721 token. */
  amount: bigint;
  tokenId: bigint | null;
  logIndex: number;
};

/** A transaction of the chain as the explorer shows it: decoded, labelled, summarised. */
export type ChainTransaction = {
  hash: Hash;
  /** Null while pending. */
  blockNumber: bigint | null;
  blockHash: Hash | null;
  index: number | null;
  /** The block's, unix seconds; null while pending. */
  timestamp: number | null;
  from: Address;
  fromLabel: AddressLabel | null;
  to: Address | null;
  toLabel: AddressLabel | null;
  value: bigint;
  kind: TransactionKind;
  selector: Hex | null;
  status: "success" | "reverted" | "pending";
  /** 0 while pending. */
  gasUsed: bigint;
  /** While pending: the most it may pay per gas. */
  effectiveGasPrice: bigint;
  /** gasUsed × effectiveGasPrice; 0 while pending. */
  fee: bigint;
  contractAddress: Address | null;
  contractAddressLabel: AddressLabel | null;
  method: DecodedCall | null;
  tokenTransfers: ChainTokenTransfer[];
  /** One line: "PriceOracle.updatePrices (4 tokens)", "transfer 12.5 PRIV → Alice", "1.5 ETH → Bob". */
  summary: string;
  /** True when the platform's own history holds it (privnet sent it). */
  sentByPrivnet: boolean;
};

/** One log of a transaction, decoded where an ABI is known. */
export type ChainLog = {
  index: number;
  address: Address;
  addressLabel: AddressLabel | null;
  topics: Hex[];
  data: Hex;
  event: DecodedEvent | null;
};

/** One frame of a call trace (`debug_traceTransaction` with the callTracer), decoded where the ABI is known. */
export type CallFrame = {
  type: string;
  from: Address;
  fromLabel: AddressLabel | null;
  to: Address | null;
  toLabel: AddressLabel | null;
  value: bigint;
  gasUsed: bigint;
  input: Hex;
  output: Hex | null;
  error: string | null;
  method: DecodedCall | null;
  calls: CallFrame[];
};

/** An EIP-7702 authorization as a transaction carries it. */
export type ChainAuthorization = {
  chainId: number;
  address: Address;
  nonce: number;
  /** The account that signed it, recovered from the signature; null when it does not recover. */
  authority: Address | null;
};

/** One call on the way to a revert, outermost first: what was called, and its line (the call it made, or the revert). */
export type RevertFrame = {
  /** `Vault.withdraw` where the ABI is known, else the address's label or the address. */
  name: string;
  address: Address | null;
  /** Null where the contract has no artifact with a source map and sources. */
  file: string | null;
  line: number | null;
};

/** Where a revert happened in the source, read from the reverting contract's artifact (its source map). */
export type RevertLocation = {
  /** The source file as the build names it (`contracts/Token.sol`). */
  file: string;
  /** From 1. */
  line: number;
  /** From 1, in bytes. */
  column: number;
  /** The line's text, trimmed: `require(balanceOf[msg.sender] >= amount, "Token: balance too low");`. */
  text: string;
  /** The calls from the transaction's target down to the contract that reverted. */
  callPath: RevertFrame[];
};

/** `platform.explorer.transaction(hash)`: the transaction with its logs, revert reason and trace. */
export type ChainTransactionDetails = {
  transaction: ChainTransaction;
  logs: ChainLog[];
  /** The reason string or the decoded custom error ("InsufficientCollateral(healthFactor: 9e17)"). */
  revertReason: string | null;
  /** Null when the node has no `debug_traceTransaction` (or it failed), or no longer holds the state (see `traceUnavailable`). */
  trace: CallFrame | null;
  /**
   * Why `trace` and `stateChanges` are null when the node no longer holds the state the
   * transaction ran on: "block 12 is older than the node's state window (128 blocks): no trace or
   * state changes". Null otherwise.
   */
  traceUnavailable: string | null;
  /** Where it reverted in the source; null unless the reverting contract matches an artifact with sources. */
  revertLocation: RevertLocation | null;
  /** The `console.log` lines the transaction's contracts printed (Hardhat's and forge-std's console), in order. */
  consoleLogs: string[];
  blobVersionedHashes: Hash[] | null;
  authorizationList: ChainAuthorization[] | null;
  nonce: number;
  gasLimit: bigint;
  input: Hex;
  /** "legacy", "eip2930", "eip1559", "eip4844", "eip7702". */
  type: string;
  /** What it changed (balances, tokens, storage); null while pending or when the node has no prestate tracer. */
  stateChanges: ChainStateChanges | null;
};

/** A token an address holds or held, with its balance now. */
export type ChainTokenBalance = {
  token: Address;
  tokenLabel: AddressLabel | null;
  symbol: string | null;
  decimals: number | null;
  standard: TokenStandard;
  balance: bigint;
};

/** `platform.explorer.address(address)`. */
export type ChainAddressDetails = {
  address: Address;
  label: AddressLabel | null;
  balance: bigint;
  isContract: boolean;
  contract: { name: string; source: ContractSource } | null;
  tokenBalances: ChainTokenBalance[];
  transactions: ChainTransaction[];
  nextCursor: string | null;
};

/** One hit of `platform.explorer.search(q)`. */
export type ChainSearchResult = {
  type: "transaction" | "block" | "address";
  /** The hash, the block number (decimal) or the address. */
  value: string;
  label: string | null;
};
