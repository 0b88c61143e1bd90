import { type Address, decodeAbiParameters, getAddress, type Hex, toEventSelector } from "viem";
import type { IndexedTokenTransfer } from "../storage/ExplorerStore.js";

/** `Transfer(address,address,uint256)`: ERC-20 (value in data) and ERC-721 (token id indexed). */
const TRANSFER = toEventSelector("Transfer(address,address,uint256)");
/** ERC-1155's `TransferSingle(address operator, address from, address to, uint256 id, uint256 value)`. */
const TRANSFER_SINGLE = toEventSelector("TransferSingle(address,address,address,uint256,uint256)");
/** ERC-1155's `TransferBatch(address operator, address from, address to, uint256[] ids, uint256[] values)`. */
const TRANSFER_BATCH = toEventSelector("TransferBatch(address,address,address,uint256[],uint256[])");
const BATCH_DATA = [{ type: "uint256[]" }, { type: "uint256[]" }] as const;

/** A log as `eth_getBlockReceipts` answers it. */
export type RawLog = { address: Address; topics: Hex[]; data: Hex; logIndex: Hex };

/**
 * The token movements a receipt's logs record: ERC-20 and ERC-721 `Transfer` (told apart by the
 * token id being indexed: 4 topics for ERC-721, 3 and a 32-byte value for ERC-20) and ERC-1155
 * `TransferSingle` / `TransferBatch`. A log of another shape that happens to share a topic is
 * skipped, never a failure: the index takes any contract's logs.
 *
 * @example
 * const transfers = tokenTransfers(receipt.logs);
 */
export function tokenTransfers(logs: readonly RawLog[]): IndexedTokenTransfer[] {
  const transfers: IndexedTokenTransfer[] = [];
  for (const log of logs) {
    const [topic] = log.topics;
    if (topic !== TRANSFER && topic !== TRANSFER_SINGLE && topic !== TRANSFER_BATCH) continue;
    try {
      const logIndex = Number(log.logIndex);
      const token = getAddress(log.address);
      if (topic === TRANSFER) {
        if (log.topics.length === 3 && dataBytes(log.data) === 32) {
          transfers.push({
            standard: "erc20",
            token,
            from: topicAddress(log.topics[1]),
            to: topicAddress(log.topics[2]),
            amount: BigInt(log.data),
            tokenId: null,
            logIndex,
            position: 0,
          });
        } else if (log.topics.length === 4 && dataBytes(log.data) === 0) {
          transfers.push({
            standard: "erc721",
            token,
            from: topicAddress(log.topics[1]),
            to: topicAddress(log.topics[2]),
            amount: 1n,
            tokenId: BigInt(log.topics[3] as Hex),
            logIndex,
            position: 0,
          });
        }
        continue;
      }
      if (log.topics.length !== 4) continue;
      const from = topicAddress(log.topics[2]);
      const to = topicAddress(log.topics[3]);
      if (topic === TRANSFER_SINGLE) {
        if (dataBytes(log.data) !== 64) continue;
        transfers.push({
          standard: "erc1155",
          token,
          from,
          to,
          amount: BigInt(`0x${log.data.slice(66, 130)}`),
          tokenId: BigInt(log.data.slice(0, 66)),
          logIndex,
          position: 0,
        });
        continue;
      }
      const [ids, values] = decodeAbiParameters(BATCH_DATA, log.data);
      if (ids.length !== values.length) continue;
      ids.forEach((id, position) => {
        transfers.push({
          standard: "erc1155",
          token,
          from,
          to,
          amount: values[position] as bigint,
          tokenId: id,
          logIndex,
          position,
        });
      });
    } catch {
      // Not the standard's encoding after all: not a token transfer.
    }
  }
  return transfers;
}

function dataBytes(data: Hex) {
  return (data.length - 2) / 2;
}

function topicAddress(topic: Hex | undefined): Address {
  if (topic === undefined || topic.length !== 66) throw new Error("not an address topic");
  return getAddress(`0x${topic.slice(26)}`);
}
