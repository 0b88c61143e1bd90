import { createServer } from "node:http";
import { afterEach, expect, test } from "vitest";
import { startServer } from "../server/startServer.js";
import { type EventStream, openEventStream } from "./openEventStream.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server whose every request opens a stream (keep-alive every `keepAliveMs`), handed to `onOpen`. */
async function serveStreams(keepAliveMs: number, onOpen: (stream: EventStream) => void) {
  const served = await startServer(
    (_request, response) => onOpen(openEventStream(response, { keepAliveMs })),
    { port: 0, host: "127.0.0.1" },
  );
  cleanups.push(() => served.close());
  return served.url;
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, pattern: RegExp) {
  const decoder = new TextDecoder();
  let text = "";
  while (!pattern.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the stream ended before ${pattern}: ${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

test("headers, an opening comment, events as JSON and keep-alive comments", async () => {
  const url = await serveStreams(20, (stream) => stream.send("price", { symbol: "ETH", price: "2000" }));
  const response = await fetch(url);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const text = await readUntil(reader, /: keep-alive\n\n/);
  expect(text.startsWith(': open\n\nevent: price\ndata: {"symbol":"ETH","price":"2000"}\n\n')).toBe(true);
  await reader.cancel();
});

test("a client that goes away ends the stream: its listeners run once, nothing more is written", async () => {
  let opened: EventStream | undefined;
  let ended: () => void = () => {};
  const endedOnce = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let endings = 0;
  const url = await serveStreams(60_000, (stream) => {
    opened = stream;
    stream.onEnd(() => {
      endings++;
      ended();
    });
  });
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  await readUntil((response.body as ReadableStream<Uint8Array>).getReader(), /: open/);
  controller.abort();
  await endedOnce;
  expect(opened?.ended).toBe(true);
  opened?.send("late", {}); // ignored, not thrown
  opened?.end();
  expect(endings).toBe(1);
  let late = false;
  opened?.onEnd(() => {
    late = true;
  });
  expect(late).toBe(true); // a listener added after the end runs at once
});

test("end() ends the response for the client", async () => {
  const server = createServer((_request, response) => {
    const stream = openEventStream(response);
    stream.send("only", { n: 1 });
    stream.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  const text = await (await fetch(`http://127.0.0.1:${port}/`)).text();
  expect(text).toBe(': open\n\nevent: only\ndata: {"n":1}\n\n');
});
