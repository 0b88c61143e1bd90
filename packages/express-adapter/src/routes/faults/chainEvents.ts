import type { ChainFaultEvent } from "@privnet/core";
import { defineEventStream } from "@privnet/http";
import { chainFaultEvent, toChainFaultEventBody } from "../../schemas/faults.js";

/** Where the admin router serves the stream. */
export const CHAIN_EVENTS_PATH = "/chain/events";

/**
 * `GET /chain/events`: the platform's `chain` events — faults as they take effect and end, admin
 * calls on the chain's port (`chain.adminCall`, the audit trail) — as
 * server-sent events named `chain.<type>` (`chain.reorged`, `chain.recovered`, …), `data:` the
 * event as GET /chain/faults lists it.
 *
 * @example
 * // browser: new EventSource("/chain/events").addEventListener("chain.reorged", (e) => JSON.parse(e.data));
 */
export const chainEvents = defineEventStream({
  path: CHAIN_EVENTS_PATH,
  operationId: "streamChainEvents",
  summary: "Fault events as they happen",
  description:
    "Event names: `chain.reorged`, `chain.poolDropped`, `chain.restarted`, `chain.stalled`, `chain.unreachable`, `chain.feeSpiked`, `chain.recovered`, and `chain.adminCall` (the audit trail: an admin method called on the chain's port with a token). Each data is a ChainFaultEvent (block numbers as integers, the base fee as a decimal string).",
  tag: "faults",
  events: "`chain.<type>`, data the fault event as JSON (the ChainFaultEvent schema).",
  open({ platform, stream }) {
    const listener = (event: ChainFaultEvent) => {
      // Parsed by its schema: the wire carries what GET /chain/faults documents, nothing more.
      stream.send(`chain.${event.type}`, chainFaultEvent.parse(toChainFaultEventBody(event)));
    };
    platform.events.on("chain", listener);
    return () => platform.events.off("chain", listener);
  },
});
