import type { Address, Hash, Hex } from "viem";
import type { ExplorerStore } from "./ExplorerStore.js";
import type { TransactionKind } from "./TransactionKind.js";

/** A stored wallet as the storage adapter keeps it. */
export type WalletRecord = {
  /** Assigned by the adapter: positive, increasing, never reused. */
  id: number;
  name: string;
  /** Checksummed. Unique across the store. */
  address: Address;
  /** `0x…` hex, or an encrypted envelope when encryption at rest is on. Never logged. */
  privateKey: string;
  /** A prefunded account of the chain, registered by the platform itself. */
  system: boolean;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
};

export type NewWalletRecord = Omit<WalletRecord, "id">;

export type TransactionStatus = "pending" | "confirmed" | "failed";

/** One sent transaction, from the moment the node accepted it. */
export type TransactionRecord = {
  id: number;
  hash: Hash;
  from: Address;
  to: Address;
  /** Value in wei. */
  value: bigint;
  nonce: number;
  status: TransactionStatus;
  /** Set once confirmed (or failed on-chain). */
  blockNumber: bigint | null;
  /** Who sent it: "api", "sdk", a bot's name… */
  source: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  /**
   * What it does (see {@link TransactionKind}). Null only for a record written before kinds were
   * kept whose source sends more than one kind (`sdk`, `deployment`, a token bot's): its data was
   * never stored, so nothing tells.
   */
  kind: TransactionKind | null;
  /** A call's 4-byte selector (`0xa9059cbb`); null for every other kind, and for calls recorded before kinds were kept. */
  selector: Hex | null;
};

export type NewTransactionRecord = Omit<TransactionRecord, "id"> & {
  /**
   * The signed transaction (what `eth_sendRawTransaction` takes), written with the record before it
   * is submitted: a restart re-submits it if the node never got it, or if the chain came back from
   * a crash without the block that confirmed it. Kept while the record is `pending` or
   * `confirmed`; an update to `failed` clears it. Not part of {@link TransactionRecord}:
   * read it with `transactions.getRawTransaction`.
   */
  rawTransaction?: Hex | undefined;
};

export type TransactionRecordUpdate = Partial<Pick<TransactionRecord, "hash" | "status" | "blockNumber">>;

export type ListTransactionsQuery = {
  /** At most this many records (the adapter caps it). */
  limit: number;
  /** Only records with an id lower than this (cursor paging, newest first). */
  before?: number;
  /** Only records sent from or to this address. */
  address?: Address;
  status?: TransactionStatus;
  /** Only records with exactly this `source` ("oracle", "lending", a bot's name…). */
  source?: string;
  /** Only records of this kind (records of unknown kind never match). */
  kind?: TransactionKind;
};

/** What `transactions.removeOldest` removes (see {@link StorageAdapter}). */
export type RemoveOldestQuery = {
  /** The records counted and removed: those with one of these `source`s (the bots' names). */
  sources: readonly string[];
  /** How many of them stay at most (the newest). */
  keep: number;
  /** At most this many deleted in one call. */
  limit: number;
};

/** What {@link StorageAdapter.snapshot} answers: opaque, for {@link StorageAdapter.restore}. */
export type StorageSnapshotId = string;

/**
 * Where a platform keeps what must survive a restart: wallets, the transaction history, small keyed
 * state (bots, oracle, deployed contract addresses) and a per-key lock.
 *
 * Every write is durable when its promise resolves. Implementations: `memoryStorage()` in
 * `@privnet/core`, `sqliteStorage()` in `@privnet/storage-sqlite`, `postgresStorage()` in
 * `@privnet/storage-postgres`; each passes the conformance suite in `@privnet/core/testing`.
 */
export interface StorageAdapter {
  /** Short name for logs and status output ("memory", "sqlite", "postgres"). */
  readonly name: string;

  readonly wallets: {
    /** Rejects with a conflict error when the address is already stored. */
    insert(wallet: NewWalletRecord): Promise<WalletRecord>;
    get(id: number): Promise<WalletRecord | undefined>;
    getByAddress(address: Address): Promise<WalletRecord | undefined>;
    /** Oldest first. */
    list(): Promise<WalletRecord[]>;
    /** True when a wallet was removed. */
    remove(id: number): Promise<boolean>;
  };

  readonly transactions: {
    insert(record: NewTransactionRecord): Promise<TransactionRecord>;
    /**
     * Inserts every record in one write (one database transaction, one sync to disk): all are
     * stored, with increasing ids in the given order, or none is. The sender's group commit.
     */
    insertMany(records: readonly NewTransactionRecord[]): Promise<TransactionRecord[]>;
    update(id: number, update: TransactionRecordUpdate): Promise<TransactionRecord | undefined>;
    /**
     * Applies every update in one write (all or none); answers the new records in the given order
     * (undefined for an unknown id). The watcher settles a block's transactions with one call.
     */
    updateMany(
      updates: readonly { id: number; update: TransactionRecordUpdate }[],
    ): Promise<(TransactionRecord | undefined)[]>;
    /**
     * Deletes a record; true when there was one. The sender removes a write-ahead record whose
     * transaction the node refused, so that the history holds only what the chain took or may take.
     */
    remove(id: number): Promise<boolean>;
    /** The signed transaction stored with a still-pending record, or undefined. */
    getRawTransaction(id: number): Promise<Hex | undefined>;
    get(id: number): Promise<TransactionRecord | undefined>;
    /** Newest first. */
    list(query: ListTransactionsQuery): Promise<TransactionRecord[]>;
    /**
     * Retention: deletes the oldest settled (`confirmed` or `failed`) records among those whose
     * `source` is one of `sources`, so that at most `keep` of those records remain, and at most
     * `limit` in this call (the caller repeats it in small batches); answers how many it deleted.
     * Pending records are never deleted. Optional: the platform's bot retention needs it. memory,
     * sqlite and postgres have it.
     */
    removeOldest?(query: RemoveOldestQuery): Promise<number>;
  };

  /** Small JSON documents under string keys (bot state, oracle state, contract addresses). */
  readonly state: {
    get<T>(key: string): Promise<T | undefined>;
    set<T>(key: string, value: T): Promise<void>;
    delete(key: string): Promise<void>;
  };

  /**
   * Runs `fn` while holding an exclusive lock on `key`, across every process that shares this
   * store. The sender locks per sending address so that nonces never collide.
   */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;

  /**
   * The explorer's index of the chain, the labels users gave addresses and the ABIs they
   * registered (see {@link ExplorerStore}). Optional: a platform on an adapter without it has no
   * explorer. memory, sqlite and postgres have it. Not part of {@link snapshot}: the index follows
   * the chain back by itself.
   */
  readonly explorer?: ExplorerStore;

  /**
   * For test fixtures (`platform.snapshot()`): records the wallets, the history and the state as
   * they are now and answers an id for {@link restore}. Ids the store hands out keep increasing
   * across a restore; locks are not part of a snapshot. Optional: a platform on an adapter without
   * it cannot take snapshots. memory, sqlite and postgres have it.
   */
  snapshot?(): Promise<StorageSnapshotId>;

  /**
   * Brings wallets, history and state back to what {@link snapshot} recorded, in one step, and
   * forgets that snapshot (like `evm_revert`): take a new one to go back there again. Fails with
   * `INVALID_OPTIONS` for an id this store does not hold (unknown, or already restored). Meant
   * for a store one process uses, between tests: writes running meanwhile are lost or half kept.
   */
  restore?(snapshot: StorageSnapshotId): Promise<void>;

  close(): Promise<void>;
}
