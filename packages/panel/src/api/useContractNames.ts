import { useMemo } from "react";
import { type AbiFunction, toFunctionSelector } from "viem";
import { adminApi } from "./adminApi";

/** A known contract: its name and its functions by 4-byte selector. */
export type ContractName = { name: string; functions: ReadonlyMap<string, string> };

/** The contracts' list changes only when one is deployed or registered. */
const CONTRACTS_STALE_MS = 30_000;

/**
 * The contracts privnet knows (`GET /contracts`: the platform's, the bots', the registered ones)
 * by lower-case address, each with its functions by selector: names for addresses and calls where
 * an answer carries none (the history's entries).
 *
 * @example
 * const contracts = useContractNames();
 * contracts.get(entry.to_address.toLowerCase())?.functions.get(entry.selector); // "updatePrices"
 */
export function useContractNames(): ReadonlyMap<string, ContractName> {
  const query = adminApi.useQuery("get", "/contracts", undefined, { staleTime: CONTRACTS_STALE_MS });
  return useMemo(() => {
    const names = new Map<string, ContractName>();
    const data = query.data;
    if (!data) return names;
    const all = [
      ...data.contracts,
      ...Object.values(data.bots).flatMap((contract) => (contract ? [contract] : [])),
      ...(data.registered ?? []),
    ];
    for (const contract of all) {
      const functions = new Map<string, string>();
      for (const item of contract.abi as readonly { type?: unknown; name?: unknown }[]) {
        if (item.type !== "function" || typeof item.name !== "string") continue;
        try {
          functions.set(toFunctionSelector(item as unknown as AbiFunction), item.name);
        } catch {
          // An ABI item viem cannot read names no function; the rest still do.
        }
      }
      names.set(contract.address.toLowerCase(), { name: contract.name, functions });
    }
    return names;
  }, [query.data]);
}
