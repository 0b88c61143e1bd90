import {
  type Address,
  type Chain,
  createPublicClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
  type TestRpcSchema,
  type Transport,
} from "viem";
import { isMethodMissing } from "./isMethodMissing.js";

/** One frame of the callTracer's answer (`debug_traceTransaction` with `{ tracer: "callTracer" }`). */
export type CallTracerFrame = {
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  gas?: Hex;
  gasUsed?: Hex;
  input?: Hex;
  output?: Hex;
  error?: string;
  calls?: CallTracerFrame[];
  /** With `tracerConfig: { withLog: true }`: the frame's own logs, `position` = how many of its calls ran before. */
  logs?: { address: Address; topics?: Hex[]; data?: Hex; position?: Hex }[];
};

/** One account in the prestateTracer's diff: the fields that changed (a side leaves out what it lacks). */
export type PrestateAccount = { balance?: Hex; nonce?: number; code?: Hex; storage?: Record<Hex, Hex> };

/** The prestateTracer's answer in diff mode: changed fields before (`pre`) and after (`post`). */
export type PrestateDiff = {
  pre?: Record<Address, PrestateAccount>;
  post?: Record<Address, PrestateAccount>;
};

/** The struct logger's answer, with memory, stack and storage left out of its steps. */
export type StructLogTrace = {
  failed?: boolean;
  gas?: number | Hex;
  returnValue?: string;
  structLogs?: { pc: number; op: string; depth: number }[];
};

/** The tracers privnet asks for: calls, the state diff, and the struct logger's bare steps. */
export type TraceOptions =
  | { tracer: "callTracer"; tracerConfig?: { withLog: boolean } }
  | { tracer: "prestateTracer"; tracerConfig: { diffMode: true } }
  | { disableStorage: true; disableMemory: true; disableStack: true; enableReturnData: false };

/** What the tracers answer, one shape per tracer of {@link TraceOptions}. */
export type TraceResult = CallTracerFrame | PrestateDiff | StructLogTrace;

/** The call `debug_traceCall` replays. */
export type TraceCallRequest = { from: Address; to?: Address; data: Hex; value: Hex; gas?: Hex };

/**
 * State a `debug_traceCall` runs on instead of the chain's, by address: `stateDiff` sets only the
 * slots it lists (the rest keep the chain's values).
 */
export type StateOverrides = Record<
  Address,
  { balance?: Hex; nonce?: Hex; code?: Hex; stateDiff?: Record<Hex, Hex> }
>;

/** The block a `debug_traceCall` runs in, changed: its number and time (unix seconds). */
export type BlockOverrides = { number?: Hex; time?: Hex };

/** The overrides `debug_traceCall` takes beside the tracer's options. */
export type TraceCallOverrides = { stateOverrides?: StateOverrides; blockOverrides?: BlockOverrides };

/**
 * The node's methods beyond the standard `eth_*` ones that privnet calls: anvil's and Hardhat's
 * test methods as viem types them (`txpool_*`, `evm_*`, `anvil_*`), and those viem leaves out.
 * With it, `client.request({ method: "evm_snapshot" })` is typed like `eth_chainId`, with no cast.
 */
export type NodeRpcSchema = [
  ...TestRpcSchema<"anvil">,
  {
    Method: "debug_traceTransaction";
    Parameters: [hash: Hash, options: TraceOptions];
    ReturnType: TraceResult;
  },
  {
    Method: "debug_traceCall";
    Parameters: [call: TraceCallRequest, block: Hex, options: TraceOptions & TraceCallOverrides];
    ReturnType: TraceResult;
  },
  /** anvil answers whether it held the snapshot (viem types it `void`). */
  { Method: "evm_revert"; Parameters: [id: Hex]; ReturnType: boolean },
  { Method: "anvil_dropAllTransactions"; Parameters?: undefined; ReturnType: null },
  { Method: "anvil_removePoolTransactions"; Parameters: [address: Address]; ReturnType: null },
];

/**
 * The platform's one client of its node: a viem public client (so it goes wherever one does)
 * whose requests are typed for {@link NodeRpcSchema} too, and which keeps the record of the
 * methods the node lacks.
 */
export type NodeClient = PublicClient<Transport, Chain | undefined, undefined, NodeRpcSchema> & {
  /**
   * Whether the node answered `method` with "no such method" (`MethodNotFoundRpcError`, -32601, or
   * a node's wording for it, see `isMethodMissing`), on this client or any other on the same node
   * (see {@link batchingNodeClient}). Kept for the client's life; only the non-standard methods
   * and `eth_getBlockReceipts` are recorded. The one record: ask it instead of keeping a flag.
   */
  lacks(method: string): boolean;
};

export type CreateNodeClientParameters = {
  transport: Transport;
  chain?: Chain | undefined;
  pollingInterval?: number | undefined;
};

/** The methods the record keeps: those a node may lack. A failing `eth_call` says nothing of the sort. */
const mayLack = (method: string) => !/^(eth|net|web3)_/.test(method) || method === "eth_getBlockReceipts";

/** Per node client, the methods its node lacks (shared by the clients made for the same node). */
const records = new WeakMap<object, Set<string>>();

/**
 * A {@link NodeClient} on `transport`: each answer "no such method" to a method a node may lack is
 * recorded as it passes, whoever asked.
 *
 * @example
 * const client = createNodeClient({ chain: privnet, transport: http(rpcUrl) });
 * const id = await client.request({ method: "evm_snapshot" });
 * if (client.lacks("txpool_status")) console.log("no pool inspection on this node");
 */
export function createNodeClient(parameters: CreateNodeClientParameters): NodeClient {
  return nodeClient(parameters, new Set());
}

function nodeClient(parameters: CreateNodeClientParameters, lacking: Set<string>): NodeClient {
  const client = createPublicClient({
    ...(parameters.chain ? { chain: parameters.chain } : {}),
    transport: recording(parameters.transport, lacking),
    ...(parameters.pollingInterval === undefined ? {} : { pollingInterval: parameters.pollingInterval }),
  }).extend(() => ({ lacks: (method: string) => lacking.has(method) }));
  records.set(client, lacking);
  return client as unknown as NodeClient;
}

/** Most requests in one JSON-RPC batch. */
const BATCH_SIZE = 64;

/**
 * Over HTTP, a client of the same node with viem's JSON-RPC batching (the reads made in one turn
 * of the event loop go out as one request), sharing `client`'s record of missing methods. Any
 * other transport: `client` itself.
 *
 * @example
 * const reader = batchingNodeClient(platform.client);
 * const [a, b] = await Promise.all([reader.getBlock({ blockNumber: 1n }), reader.getBlock({ blockNumber: 2n })]);
 */
export function batchingNodeClient(client: NodeClient): NodeClient {
  const transport = client.transport as {
    type?: string;
    url?: string;
    fetchOptions?: RequestInit;
    timeout?: number;
  };
  if (transport.type !== "http" || typeof transport.url !== "string") return client;
  return nodeClient(
    {
      chain: client.chain,
      transport: http(transport.url, {
        batch: { batchSize: BATCH_SIZE, wait: 0 },
        ...(transport.fetchOptions ? { fetchOptions: transport.fetchOptions } : {}),
        ...(transport.timeout === undefined ? {} : { timeout: transport.timeout }),
      }),
      pollingInterval: client.pollingInterval,
    },
    records.get(client) ?? new Set(),
  );
}

/** `transport`, with each "no such method" answer noted in `lacking` on its way to the caller. */
function recording(transport: Transport, lacking: Set<string>): Transport {
  return (options) => {
    const inner = transport(options);
    const request = (async (args: { method: string }, requestOptions?: unknown) => {
      try {
        return await (inner.request as (args: unknown, options?: unknown) => Promise<unknown>)(
          args,
          requestOptions,
        );
      } catch (error) {
        if (mayLack(args.method) && isMethodMissing(error)) lacking.add(args.method);
        throw error;
      }
    }) as typeof inner.request;
    return { ...inner, request };
  };
}
