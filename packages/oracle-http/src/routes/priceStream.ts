import type { OracleEvent, PriceUpdate } from "@privnet/core";
import { defineEventStream } from "@privnet/http";
import { toPriceEntry } from "./prices.js";

/**
 * An update as the stream writes it (bigints as numbers, the same fields as `/price/:symbol`),
 * named by its transaction and log: `txHash` and `logIndex` tell two updates apart even when they
 * carry the same price and the same second.
 */
export function priceEventData(update: PriceUpdate) {
  return {
    symbol: update.symbol,
    address: update.address,
    price: update.price,
    priceUSD: Number(update.price),
    lastUpdated: update.timestamp,
    lastUpdatedDate: new Date(update.timestamp * 1000).toISOString(),
    txHash: update.hash,
    logIndex: update.logIndex,
    blockNumber: Number(update.blockNumber),
    reason: update.reason,
  };
}

/**
 * `GET /prices/stream`: on connect one `prices` event with every on-chain price (the `/prices`
 * map), then one `price` event per token per push (the platform's `price` events, which come from
 * the transaction's PriceUpdated logs). A snapshot that cannot be read is an `error` event.
 *
 * Each update is told once: the snapshot is read at one block, updates that come while it is read
 * wait for it, and an update mined at or before that block is not sent, since the snapshot holds it.
 */
export const priceStream = defineEventStream({
  path: "/prices/stream",
  operationId: "streamPrices",
  summary: "Server-sent events: `prices` (a snapshot on connect) then `price` per on-chain update",
  tag: "prices",
  events:
    "`prices` (the `/prices` map) on connect, then `price` per token per update mined after the snapshot's block: " +
    "`{ symbol, address, price, priceUSD, lastUpdated, lastUpdatedDate, txHash, logIndex, blockNumber, reason }`, " +
    "one update per `txHash` and `logIndex`.",
  open({ platform, stream }) {
    let waiting: PriceUpdate[] | undefined = [];
    // Set while an update the snapshot holds may still be reported. The oracle reports its pushes
    // in order, so once one mined after the snapshot is sent, every later one is newer too; a chain
    // reset (the contracts deployed again) starts the block numbers over.
    let snapshotBlock: bigint | undefined;
    const onPrice = (update: PriceUpdate) => {
      if (waiting) waiting.push(update);
      else if (snapshotBlock === undefined || update.blockNumber > snapshotBlock) {
        snapshotBlock = undefined;
        stream.send("price", priceEventData(update));
      }
    };
    const onOracle = (event: OracleEvent) => {
      if (event.type === "redeployed") snapshotBlock = undefined;
    };
    platform.events.on("price", onPrice);
    platform.events.on("oracle", onOracle);
    platform.oracle
      .prices()
      .then(
        (prices) => {
          snapshotBlock = prices[0]?.blockNumber;
          stream.send("prices", Object.fromEntries(prices.map((info) => [info.symbol, toPriceEntry(info)])));
        },
        (error: unknown) =>
          stream.send("error", {
            success: false,
            error: error instanceof Error ? error.message.split("\n")[0] : String(error),
          }),
      )
      .finally(() => {
        const held = waiting ?? [];
        waiting = undefined;
        for (const update of held) onPrice(update);
      });
    return () => {
      platform.events.off("price", onPrice);
      platform.events.off("oracle", onOracle);
    };
  },
});
