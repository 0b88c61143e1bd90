import type { PriceUpdate } from "@privnet/core";
import { defineEventStream } from "@privnet/http";
import { toPriceEntry } from "./prices.js";

/** An update as the stream writes it (bigints as numbers, the same fields as `/price/:symbol`). */
export function priceEventData(update: PriceUpdate) {
  return {
    symbol: update.symbol,
    address: update.address,
    price: update.price,
    priceUSD: Number(update.price),
    lastUpdated: update.timestamp,
    lastUpdatedDate: new Date(update.timestamp * 1000).toISOString(),
    txHash: update.hash,
    blockNumber: Number(update.blockNumber),
    reason: update.reason,
  };
}

/**
 * `GET /prices/stream`: on connect one `prices` event with every on-chain price (the `/prices`
 * map), then one `price` event per token per push (the platform's `price` events, which come from
 * the transaction's PriceUpdated logs). A snapshot that cannot be read is an `error` event.
 */
export const priceStream = defineEventStream({
  path: "/prices/stream",
  operationId: "streamPrices",
  summary: "Server-sent events: `prices` (a snapshot on connect) then `price` per on-chain update",
  tag: "prices",
  events: "`prices` (the `/prices` map) on connect, then `price` per token per push.",
  open({ platform, stream }) {
    const onPrice = (update: PriceUpdate) => stream.send("price", priceEventData(update));
    platform.events.on("price", onPrice);
    platform.oracle.prices().then(
      (prices) =>
        stream.send("prices", Object.fromEntries(prices.map((info) => [info.symbol, toPriceEntry(info)]))),
      (error: unknown) =>
        stream.send("error", {
          success: false,
          error: error instanceof Error ? error.message.split("\n")[0] : String(error),
        }),
    );
    return () => platform.events.off("price", onPrice);
  },
});
