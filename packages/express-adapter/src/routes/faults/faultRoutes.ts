import { FAULT_HISTORY_LIMIT } from "@privnet/core";
import { defineRoute } from "@privnet/http";
import { z } from "zod";
import {
  dropPoolResult,
  faultHistory,
  feeSpikeBody,
  feeSpikeResult,
  reorgBody,
  reorgResult,
  restartBody,
  restartResult,
  timedFaultBody,
  timedFaultResult,
  toChainFaultEventBody,
  toReorgBody,
  toRestartBody,
} from "../../schemas/faults.js";

const tag = "faults";
/** Every fault route answers these besides its own. */
/** What a devnet without its clock relay cannot do (restart, unreachable, fee spike). */
const relayed = {
  501: "The devnet runs without its clock relay (clock: false) and cannot carry this fault out (FAULT_UNSUPPORTED).",
};
const refused = {
  409: "Faults need the embedded devnet: the server runs on a node it does not control, --rpc-url (FAULTS_UNAVAILABLE); or another fault is being applied (FAULT_IN_PROGRESS).",
};

export const reorgChain = defineRoute({
  method: "post",
  path: "/chain/faults/reorg",
  operationId: "reorgChain",
  summary: "Replace the last blocks with a new branch",
  description:
    "A real reorganisation: the last `depth` blocks get new hashes, the new branch is at least as long, and their transactions are mined again unless dropped. Answers once the platform's watcher has followed the new branch; the event stream GET /chain/events sends `chain.reorged`.",
  tag,
  body: { schema: reorgBody, required: true },
  response: reorgResult,
  errors: {
    400: "A setting out of range or of the wrong type, or one the devnet refuses, such as a depth below genesis (FAULT_INVALID: the message names the setting and its rule).",
    ...refused,
  },
  async handler({ platform, body }) {
    return toReorgBody(await platform.faults.reorg(body));
  },
});

export const dropPool = defineRoute({
  method: "post",
  path: "/chain/faults/drop-pool",
  operationId: "dropPool",
  summary: "Empty the node's pool",
  description:
    "Every pending transaction is gone from the node, as when a node loses its pool. privnet sends its own again from the signed bytes it holds. Takes no body.",
  tag,
  response: dropPoolResult,
  errors: refused,
  async handler({ platform }) {
    return platform.faults.dropPool();
  },
});

export const restartNode = defineRoute({
  method: "post",
  path: "/chain/faults/restart",
  operationId: "restartNode",
  summary: "Stop the node and start it again",
  description:
    "Same port, same state; the pool is lost unless `keepPool`. Answers once the node is back and the platform's watcher has looked at it. The body is optional.",
  tag,
  body: { schema: restartBody, required: false },
  response: restartResult,
  errors: { 400: "A setting of the wrong type (FAULT_INVALID).", ...refused, ...relayed },
  async handler({ platform, body }) {
    return toRestartBody(await platform.faults.restart(body));
  },
});

export const stallChain = defineRoute({
  method: "post",
  path: "/chain/faults/stall",
  operationId: "stallChain",
  summary: "No blocks for a while",
  description:
    "The chain mines no block for `ms` milliseconds; the pool fills. Answers once in effect; `chain.recovered` follows when it ends.",
  tag,
  body: { schema: timedFaultBody, required: true },
  response: timedFaultResult,
  errors: { 400: "`ms` missing or out of range (FAULT_INVALID).", ...refused },
  async handler({ platform, body }) {
    return platform.faults.stall(body);
  },
});

export const makeUnreachable = defineRoute({
  method: "post",
  path: "/chain/faults/unreachable",
  operationId: "makeChainUnreachable",
  summary: "The node's RPC refuses connections for a while",
  description:
    "For `ms` milliseconds the chain's JSON-RPC endpoint refuses connections, for privnet and every other client. Answers once in effect; `chain.recovered` follows when it ends.",
  tag,
  body: { schema: timedFaultBody, required: true },
  response: timedFaultResult,
  errors: { 400: "`ms` missing or out of range (FAULT_INVALID).", ...refused, ...relayed },
  async handler({ platform, body }) {
    return platform.faults.unreachable(body);
  },
});

export const spikeFees = defineRoute({
  method: "post",
  path: "/chain/faults/fee-spike",
  operationId: "spikeFees",
  summary: "A base fee spike",
  description:
    "The next `blocks` blocks have base fee `baseFee` (wei); afterwards it falls back as EIP-1559 lets it. Answers once in effect.",
  tag,
  body: { schema: feeSpikeBody, required: true },
  response: feeSpikeResult,
  errors: {
    400: "`baseFee` or `blocks` missing or out of range (FAULT_INVALID).",
    ...refused,
    ...relayed,
  },
  async handler({ platform, body }) {
    const { fromBlock } = await platform.faults.feeSpike(body);
    return { fromBlock: Number(fromBlock) };
  },
});

export const recoverChain = defineRoute({
  method: "post",
  path: "/chain/faults/recover",
  operationId: "recoverChain",
  summary: "End every timed fault now",
  description:
    "Ends a stall, a refused RPC or a fee spike under way (each sends `chain.recovered`); nothing under way is fine. Takes no body.",
  tag,
  response: z.object({ success: z.literal(true) }),
  errors: {
    409: "Faults need the embedded devnet: the server runs on a node it does not control, --rpc-url (FAULTS_UNAVAILABLE).",
  },
  async handler({ platform }) {
    await platform.faults.recover();
    return { success: true as const };
  },
});

export const listFaults = defineRoute({
  method: "get",
  path: "/chain/faults",
  operationId: "listChainFaults",
  summary: "Whether faults can be asked, and the last fault events",
  description: `The last fault events (at most ${FAULT_HISTORY_LIMIT}), newest first — those asked over HTTP, in the SDK or of the devnet directly — as GET /chain/events sends them.`,
  tag,
  query: z.object({
    limit: z
      .string()
      .regex(/^[1-9]\d*$/, { error: `must be an integer from 1 to ${FAULT_HISTORY_LIMIT}` })
      .transform(Number)
      .refine((limit) => limit <= FAULT_HISTORY_LIMIT, {
        error: `must be an integer from 1 to ${FAULT_HISTORY_LIMIT}`,
      })
      .optional()
      .describe(`At most this many events, 1 to ${FAULT_HISTORY_LIMIT}. Default: all kept.`),
  }),
  response: faultHistory,
  errors: { 400: "`limit` is malformed (VALIDATION_FAILED)." },
  async handler({ platform, query }) {
    return {
      available: platform.faults.available,
      events: platform.faults.history({ limit: query.limit }).map(toChainFaultEventBody),
    };
  },
});

/** The routes of faults on demand. Their event stream is `chainEvents`. */
export const faultRoutes = [
  listFaults,
  reorgChain,
  dropPool,
  restartNode,
  stallChain,
  makeUnreachable,
  spikeFees,
  recoverChain,
] as const;
