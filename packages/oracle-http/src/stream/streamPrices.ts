import type { Platform, PriceUpdate } from "@privnet/core";
import type { Request, Response } from "express";

/** Serialises an update for JSON (bigints as decimal strings / numbers). */
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
 * `GET /prices/stream`: a server-sent-events stream. On connect one `prices` event with every
 * on-chain price, then one `price` event per token per push (the platform's `price` events, which
 * come from the transaction's PriceUpdated logs), and a comment line every 15 s to keep proxies
 * from closing it. Returns a function that ends the stream (used when the server closes).
 */
export function streamPrices(platform: Platform, request: Request, response: Response): () => void {
  response.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  response.flushHeaders();
  const send = (event: string, data: unknown) => {
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const onPrice = (update: PriceUpdate) => send("price", priceEventData(update));
  platform.events.on("price", onPrice);
  const keepAlive = setInterval(() => response.write(": keep-alive\n\n"), 15_000);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    platform.events.off("price", onPrice);
    response.end();
  };
  request.on("close", end);
  platform.oracle.prices().then(
    (prices) =>
      send(
        "prices",
        Object.fromEntries(
          prices.map(({ symbol, address, price, lastUpdated, lastUpdatedDate, isStale }) => [
            symbol,
            { address, price, lastUpdated, lastUpdatedDate, isStale },
          ]),
        ),
      ),
    (error: unknown) =>
      send("error", {
        success: false,
        error: error instanceof Error ? error.message.split("\n")[0] : String(error),
      }),
  );
  return end;
}
