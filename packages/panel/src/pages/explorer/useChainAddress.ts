import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi } from "../../api/adminApi";

const PAGE_SIZE = 25;
/** The newest page of an address is read again this often (balances and new transactions). */
const REFRESH_MS = 5_000;

/**
 * An address as the chain's index knows it (label, balance, token balances, transactions), with
 * the cursors of its transaction pages.
 *
 * @example
 * const { query, cursors, setCursors } = useChainAddress(address);
 */
export function useChainAddress(address: string) {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = adminApi.useQuery(
    "get",
    "/chain/addresses/{address}",
    {
      params: {
        path: { address },
        query: { limit: String(PAGE_SIZE), ...(cursor === undefined ? {} : { cursor }) },
      },
    },
    { placeholderData: keepPreviousData, refetchInterval: cursors.length === 0 ? REFRESH_MS : false },
  );
  return { query, cursors, setCursors };
}
