import type { Abi, Address, Hash, Hex } from "viem";
import type { TransactionKind } from "./TransactionKind.js";

/** One block of the chain as the explorer's index keeps it. */
export type IndexedBlock = {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  /** Unix seconds. */
  timestamp: number;
  transactionCount: number;
  gasUsed: bigint;
  gasLimit: bigint;
  /** Null before London. */
  baseFeePerGas: bigint | null;
  miner: Address;
};

/** A token standard whose transfers the index decodes from logs. */
export type TokenStandard = "erc20" | "erc721" | "erc1155";

/** One token movement, decoded from a `Transfer`, `TransferSingle` or `TransferBatch` log. */
export type IndexedTokenTransfer = {
  standard: TokenStandard;
  token: Address;
  from: Address;
  to: Address;
  /** Raw units; 1 for an ERC-721 token. */
  amount: bigint;
  /** The token id (ERC-721, ERC-1155); null for ERC-20. */
  tokenId: bigint | null;
  /** The log's index in its block. */
  logIndex: number;
  /** The movement's place within its log: 0, except for the entries of an ERC-1155 `TransferBatch`. */
  position: number;
};

/** One transaction of an indexed block, with what its receipt says. */
export type IndexedTransaction = {
  hash: Hash;
  blockNumber: bigint;
  blockHash: Hash;
  /** Its index in the block. */
  index: number;
  /** The block's, in unix seconds. */
  timestamp: number;
  from: Address;
  /** Null for a deployment. */
  to: Address | null;
  value: bigint;
  nonce: number;
  kind: TransactionKind;
  /** A call's 4-byte selector; null for transfers and deployments. */
  selector: Hex | null;
  /** The calldata of a call (any kind with a selector); null for transfers and deployments. */
  input: Hex | null;
  status: "success" | "reverted";
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  /** The contract a deployment created. */
  contractAddress: Address | null;
  /** In log order. */
  tokenTransfers: IndexedTokenTransfer[];
};

/** A block with its transactions, in block order: what the indexer writes at once. */
export type IndexedBlockData = { block: IndexedBlock; transactions: IndexedTransaction[] };

/** Where a transaction sits in the chain: the cursor of the index's transaction lists. */
export type ChainPosition = { blockNumber: bigint; index: number };

export type ListIndexedTransactionsQuery = {
  /** At most this many (the store caps it at 1,000). */
  limit: number;
  /** Only transactions before this position (cursor paging, newest first). */
  before?: ChainPosition | undefined;
  /**
   * Only transactions from or to this address, that created it, or that moved a token to or from
   * it.
   */
  address?: Address | undefined;
  /** Only this block's. */
  blockNumber?: bigint | undefined;
};

/** What the index holds: its lowest and highest block, and its transaction count. */
export type ChainIndexRange = { lowest: bigint; highest: bigint; blocks: number; transactions: number };

/** What one sender's transactions used in one block: the index keeps it with the block. */
export type BlockSenderGas = {
  blockNumber: bigint;
  from: Address;
  /** Gas used by its transactions in the block. */
  gasUsed: bigint;
  transactionCount: number;
};

/** A name a user gave an address. */
export type AddressLabelRecord = {
  address: Address;
  name: string;
  /** ISO 8601 UTC with milliseconds. */
  updatedAt: string;
};

/** An ABI a user registered for a contract's address. */
export type RegisteredContractRecord = {
  address: Address;
  name: string;
  abi: Abi;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
};

/**
 * The explorer's part of a storage adapter: the index of the chain (blocks, transactions, token
 * transfers), the labels users gave addresses and the ABIs they registered.
 */
export interface ExplorerStore {
  /**
   * Stores blocks with their transactions in one write (all or none). A block already stored at
   * the same number is replaced, with its transactions.
   */
  putBlocks(blocks: readonly IndexedBlockData[]): Promise<void>;
  /** Removes every block above `number` with its transactions (the chain went back); answers how many blocks. */
  removeBlocksAbove(number: bigint): Promise<number>;
  /**
   * Removes the oldest blocks, with their transactions, until at most `blocks` blocks and at most
   * `transactions` transactions remain (whole blocks only).
   */
  prune(limits: { blocks?: number | undefined; transactions?: number | undefined }): Promise<void>;
  /** Undefined while nothing is indexed. */
  range(): Promise<ChainIndexRange | undefined>;
  getBlock(block: bigint | Hash): Promise<IndexedBlock | undefined>;
  /** Newest first; `before`: only blocks with a lower number. At most 1,000. */
  listBlocks(query: { limit: number; before?: bigint | undefined }): Promise<IndexedBlock[]>;
  getTransaction(hash: Hash): Promise<IndexedTransaction | undefined>;
  /** Newest first: by block, then by index in the block, descending. */
  listTransactions(query: ListIndexedTransactionsQuery): Promise<IndexedTransaction[]>;
  /**
   * The hashes among `hashes` that the platform's own transaction history holds (what privnet
   * sent), in any order.
   */
  recorded(hashes: readonly Hash[]): Promise<Hash[]>;
  /**
   * Each sender's gas used and transaction count in each of these blocks (blocks not indexed have
   * none), in any order: one row per sender and block, kept with the block when it is stored, so
   * that a window of blocks is read without reading its transactions. Optional: without it,
   * `platform.explorer.blockGas` reads the window's transactions. memory, sqlite and postgres have it.
   */
  blockGasBySender?(blocks: readonly bigint[]): Promise<BlockSenderGas[]>;
  /** Every token that moved to or from `address` in the index, once each. */
  tokensOf(address: Address): Promise<{ token: Address; standard: TokenStandard }[]>;

  readonly labels: {
    /** Sets (or replaces) the address's label. */
    set(address: Address, name: string): Promise<AddressLabelRecord>;
    /** True when there was one. */
    remove(address: Address): Promise<boolean>;
    get(address: Address): Promise<AddressLabelRecord | undefined>;
    /** By lower-case address. */
    list(): Promise<AddressLabelRecord[]>;
  };

  readonly contracts: {
    /** Registers (or replaces) the ABI of the contract at `record.address`. */
    put(record: RegisteredContractRecord): Promise<RegisteredContractRecord>;
    get(address: Address): Promise<RegisteredContractRecord | undefined>;
    /** By `createdAt`, then address. */
    list(): Promise<RegisteredContractRecord[]>;
    /** True when there was one. */
    remove(address: Address): Promise<boolean>;
  };
}

/** The most rows an explorer list answers at once. */
export const MAX_EXPLORER_PAGE = 1_000;

/** A requested page size, clamped to 1..{@link MAX_EXPLORER_PAGE}. */
export function explorerPageSize(limit: number): number {
  return Math.max(1, Math.min(MAX_EXPLORER_PAGE, Math.floor(limit) || 1));
}
