import type { Platform } from "@privnet/core";
import type { Request } from "express";
import type { z } from "zod";
import type { EventStream } from "../streams/openEventStream.js";

/**
 * A `GET` route that answers server-sent events instead of one JSON body: `/bots/events`,
 * `/prices/stream`. The router opens the stream (headers, keep-alive comments, the end on client
 * or server close) and hands it to `open`, which returns what to undo when it ends.
 */
export type EventStreamDefinition<Query extends z.ZodType = z.ZodType> = {
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  public?: boolean;
  query?: Query;
  /** The events it sends, for the OpenAPI document. */
  events: string;
  open(context: {
    platform: Platform;
    query: z.output<Query>;
    stream: EventStream;
    request: Request;
  }): () => void;
};

/**
 * Declares an event-stream route with its query type inferred from its schema.
 *
 * @example
 * export const ticks = defineEventStream({
 *   path: "/ticks", operationId: "streamTicks", summary: "A tick per block", tag: "system", events: "`tick`",
 *   open: ({ platform, stream }) => platform.network.watchHead({ onBlock: (n) => stream.send("tick", { n: Number(n) }) }),
 * });
 */
export function defineEventStream<Query extends z.ZodType>(
  definition: EventStreamDefinition<Query>,
): EventStreamDefinition {
  return definition as unknown as EventStreamDefinition;
}
