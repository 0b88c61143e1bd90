import { describe, expectTypeOf, test } from "vitest";
import type {
  BotEvent,
  ChainFaultEvent,
  OracleEvent,
  Platform,
  PlatformEvents,
  PriceUpdate,
  TransactionRecord,
} from "../index.js";

declare const platform: Platform;

describe("platform.events", () => {
  test("each event's listener gets that event's arguments", () => {
    platform.events.on("transaction", (record) => expectTypeOf(record).toEqualTypeOf<TransactionRecord>());
    platform.events.on("price", (update) => {
      expectTypeOf(update).toEqualTypeOf<PriceUpdate>();
      expectTypeOf(update.blockNumber).toEqualTypeOf<bigint>();
    });
    platform.events.on("oracle", (event) => {
      expectTypeOf(event).toEqualTypeOf<OracleEvent>();
      if (event.type === "push-failed") expectTypeOf(event.willRetry).toEqualTypeOf<boolean>();
    });
    platform.events.once("bot", (event) => expectTypeOf(event).toEqualTypeOf<BotEvent>());
    platform.events.on("chain", (event) => {
      expectTypeOf(event).toEqualTypeOf<ChainFaultEvent>();
      if (event.type === "reorged") expectTypeOf(event.orphaned).toEqualTypeOf<`0x${string}`[]>();
    });
  });

  test("unknown event names and wrong payloads do not compile", () => {
    // @ts-expect-error no such event
    platform.events.on("block", () => {});
    // @ts-expect-error a price update is not a bot event
    platform.events.emit("bot", {} as PriceUpdate);
    expectTypeOf<keyof PlatformEvents>().toEqualTypeOf<
      "transaction" | "price" | "oracle" | "bot" | "chain" | "listenerError"
    >();
  });
});
