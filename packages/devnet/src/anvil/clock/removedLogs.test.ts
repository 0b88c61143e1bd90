import { describe, expect, test } from "vitest";
import { matches, messageBoundaries, type RpcLog, textFrame } from "./removedLogs.js";

const topic = (digit: string) => `0x${digit.repeat(64)}`;
const log = (address: string, topics: string[]): RpcLog => ({
  address,
  topics,
  blockNumber: "0x1",
  blockHash: topic("b"),
  logIndex: "0x0",
});
const a = "0x00000000000000000000000000000000000000aA";
const b = "0x00000000000000000000000000000000000000bb";

describe("a log filter, as JSON-RPC reads one", () => {
  test("address: one or any of a list, in any case; none or an empty list: any", () => {
    const one = log(a, []);
    expect(matches({ address: a.toLowerCase() }, one)).toBe(true);
    expect(matches({ address: b }, one)).toBe(false);
    expect(matches({ address: [b, a] }, one)).toBe(true);
    expect(matches({ address: [] }, one)).toBe(true);
    expect(matches({}, one)).toBe(true);
  });

  test("topics by position: null or [] any, a list any of its topics; more positions than topics: no", () => {
    const two = log(a, [topic("1"), topic("2")]);
    expect(matches({ topics: [topic("1")] }, two)).toBe(true);
    expect(matches({ topics: [null, topic("2")] }, two)).toBe(true);
    expect(matches({ topics: [[], [topic("3"), topic("2")]] }, two)).toBe(true);
    expect(matches({ topics: [topic("2")] }, two)).toBe(false);
    expect(matches({ topics: [null, [topic("3")]] }, two)).toBe(false);
    expect(matches({ topics: [null, null, null] }, two)).toBe(false);
    expect(matches({ topics: [] }, log(a, []))).toBe(true);
  });
});

describe("message boundaries in a server's WebSocket stream", () => {
  test("found across chunks, fragmented messages and control frames; wanted text read", () => {
    const small = textFrame('{"id":1,"result":"0x1"}');
    const large = textFrame(JSON.stringify({ id: 2, result: "x".repeat(70_000) }));
    const medium = textFrame(JSON.stringify({ id: 3, result: "y".repeat(300) }));
    // A message in two fragments with a ping between them: one boundary, after its last fragment.
    const fragments = Buffer.concat([
      Buffer.from([0x01, 2]),
      Buffer.from("ab"),
      Buffer.from([0x89, 0]),
      Buffer.from([0x80, 2]),
      Buffer.from("cd"),
    ]);
    const stream = Buffer.concat([small, large, fragments, medium]);
    const expected = [
      small.length,
      small.length + large.length,
      small.length + large.length + fragments.length,
      stream.length,
    ];
    for (const size of [1, 3, 7, 1000, stream.length]) {
      const tracker = messageBoundaries();
      const found: number[] = [];
      const texts: string[] = [];
      for (let at = 0; at < stream.length; at += size) {
        for (const end of tracker.read(
          stream.subarray(at, at + size),
          () => true,
          (text) => texts.push(text),
        ))
          found.push(at + end);
        expect(tracker.idle).toBe(found.includes(Math.min(at + size, stream.length)));
      }
      expect(found).toEqual(expected);
      expect(texts.map((text) => text.slice(0, 8))).toEqual(['{"id":1,', '{"id":2,', "abcd", '{"id":3,']);
      expect(texts[1]).toHaveLength(large.length - 10);
    }
  });
});
