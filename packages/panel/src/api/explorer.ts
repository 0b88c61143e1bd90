import type { paths } from "./admin.generated";

/** The JSON answer of a GET route of the admin API, as its OpenAPI document types it. */
type Answer<Path extends keyof paths> = paths[Path] extends {
  get: { responses: { 200: { content: { "application/json": infer Body } } } };
}
  ? Body
  : never;

export type ChainBlocksAnswer = Answer<"/chain/blocks">;
export type ChainBlock = ChainBlocksAnswer["blocks"][number];
export type ChainBlockAnswer = Answer<"/chain/blocks/{numberOrHash}">;
export type ChainTransaction = ChainBlockAnswer["transactions"][number];
export type ChainTransactionAnswer = Answer<"/chain/transactions/{hash}">;
export type ChainLog = ChainTransactionAnswer["logs"][number];
export type CallFrame = NonNullable<ChainTransactionAnswer["trace"]>;
export type DecodedCall = NonNullable<ChainTransaction["method"]>;
export type TokenTransfer = ChainTransaction["tokenTransfers"][number];
export type ChainAddressAnswer = Answer<"/chain/addresses/{address}">;
export type SearchResult = Answer<"/chain/search">["results"][number];

/** The JSON answer of a POST route of the admin API. */
type PostAnswer<Path extends keyof paths> = paths[Path] extends {
  post: { responses: { 200: { content: { "application/json": infer Body } } } };
}
  ? Body
  : never;

export type SimulationAnswer = PostAnswer<"/chain/simulate">;
export type SimulatedCall = SimulationAnswer["calls"][number];
export type RerunAnswer = PostAnswer<"/chain/transactions/{hash}/rerun">;
