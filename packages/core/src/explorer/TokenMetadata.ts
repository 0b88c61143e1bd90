import { type Address, erc20Abi, type PublicClient } from "viem";
import type { TokenStandard } from "../storage/ExplorerStore.js";

/** What a token says about itself; null where it does not answer. */
export type TokenInfo = { symbol: string | null; decimals: number | null };

/**
 * Reads a token's `symbol()` and `decimals()` once and keeps them (`forget()` after a rewind: a
 * new contract may sit at the same address). Reads go through a batching client, so the tokens of
 * one page are read in one JSON-RPC batch. ERC-721 and ERC-1155 tokens have no decimals.
 *
 * @example
 * const { symbol, decimals } = await tokens.info(address, "erc20");
 */
export class TokenMetadata {
  readonly #client: PublicClient;
  readonly #known = new Map<string, Promise<TokenInfo>>();

  constructor(client: PublicClient) {
    this.#client = client;
  }

  forget() {
    this.#known.clear();
  }

  info(token: Address, standard: TokenStandard): Promise<TokenInfo> {
    const key = `${token.toLowerCase()}:${standard}`;
    let info = this.#known.get(key);
    if (!info) {
      info = this.#read(token, standard);
      this.#known.set(key, info);
    }
    return info;
  }

  async #read(token: Address, standard: TokenStandard): Promise<TokenInfo> {
    const read = <T>(functionName: "symbol" | "decimals") =>
      (this.#client.readContract({ address: token, abi: erc20Abi, functionName }) as Promise<T>).catch(
        () => null,
      );
    const [symbol, decimals] = await Promise.all([
      standard === "erc1155" ? Promise.resolve(null) : read<string>("symbol"),
      standard === "erc20" ? read<number>("decimals") : Promise.resolve(null),
    ]);
    return {
      symbol: typeof symbol === "string" ? symbol : null,
      decimals: decimals === null ? null : Number(decimals),
    };
  }
}
