import type { Abi, Address, Hash, Hex } from "viem";
import type {
  AddressLabelRecord,
  IndexedBlock,
  IndexedTokenTransfer,
  IndexedTransaction,
  RegisteredContractRecord,
  TokenStandard,
} from "./ExplorerStore.js";
import type { TransactionKind } from "./TransactionKind.js";

// The explorer's tables as both SQL adapters lay them out (the same columns): a row as the
// driver answers it, and the record it stands for. node:sqlite answers integers as numbers,
// node-postgres answers bigint columns as decimal text: numeric columns take either.

/** A numeric column: a number (node:sqlite) or decimal text (node-postgres's bigint). */
type Numeric = number | string;

export type BlockRow = {
  number: Numeric;
  hash: string;
  parent_hash: string;
  timestamp: Numeric;
  transaction_count: Numeric;
  gas_used: string;
  gas_limit: string;
  base_fee_per_gas: string | null;
  miner: string;
};

export type TransactionRow = {
  block_number: Numeric;
  idx: Numeric;
  hash: string;
  block_hash: string;
  timestamp: Numeric;
  from_address: string;
  to_address: string | null;
  value: string;
  nonce: Numeric;
  kind: string;
  selector: string | null;
  input: string | null;
  status: Numeric;
  gas_used: string;
  effective_gas_price: string;
  contract_address: string | null;
};

export type TransferRow = {
  block_number: Numeric;
  log_index: Numeric;
  position: Numeric;
  tx_index: Numeric;
  standard: string;
  token: string;
  from_address: string;
  to_address: string;
  amount: string;
  token_id: string | null;
};

export type LabelRow = { address: string; name: string; updated_at: string };
export type ContractRow = { address: string; name: string; abi: string; created_at: string };

export function toBlock(row: BlockRow): IndexedBlock {
  return {
    number: BigInt(row.number),
    hash: row.hash as Hash,
    parentHash: row.parent_hash as Hash,
    timestamp: Number(row.timestamp),
    transactionCount: Number(row.transaction_count),
    gasUsed: BigInt(row.gas_used),
    gasLimit: BigInt(row.gas_limit),
    baseFeePerGas: row.base_fee_per_gas === null ? null : BigInt(row.base_fee_per_gas),
    miner: row.miner as Address,
  };
}

export function toTransaction(
  row: TransactionRow,
  tokenTransfers: IndexedTokenTransfer[],
): IndexedTransaction {
  return {
    hash: row.hash as Hash,
    blockNumber: BigInt(row.block_number),
    blockHash: row.block_hash as Hash,
    index: Number(row.idx),
    timestamp: Number(row.timestamp),
    from: row.from_address as Address,
    to: row.to_address as Address | null,
    value: BigInt(row.value),
    nonce: Number(row.nonce),
    kind: row.kind as TransactionKind,
    selector: row.selector as Hex | null,
    input: row.input as Hex | null,
    status: Number(row.status) === 1 ? "success" : "reverted",
    gasUsed: BigInt(row.gas_used),
    effectiveGasPrice: BigInt(row.effective_gas_price),
    contractAddress: row.contract_address as Address | null,
    tokenTransfers,
  };
}

export function toTransfer(row: TransferRow): IndexedTokenTransfer {
  return {
    standard: row.standard as TokenStandard,
    token: row.token as Address,
    from: row.from_address as Address,
    to: row.to_address as Address,
    amount: BigInt(row.amount),
    tokenId: row.token_id === null ? null : BigInt(row.token_id),
    logIndex: Number(row.log_index),
    position: Number(row.position),
  };
}

export function toLabel(row: LabelRow): AddressLabelRecord {
  return { address: row.address as Address, name: row.name, updatedAt: row.updated_at };
}

export function toContract(row: ContractRow): RegisteredContractRecord {
  return {
    address: row.address as Address,
    name: row.name,
    abi: JSON.parse(row.abi) as Abi,
    createdAt: row.created_at,
  };
}
