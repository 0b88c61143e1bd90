import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { adminApi } from "../../api/adminApi";
import type { SearchResult } from "../../api/explorer";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { shortHex } from "../../format/shortHex";
import { usePageTitle } from "../../layout/usePageTitle";

/** The panel page a search result opens. */
export function resultPath(result: SearchResult): string {
  if (result.type === "transaction") return `/tx/${result.value}`;
  if (result.type === "block") return `/blocks/${result.value}`;
  return `/address/${result.value}`;
}

const what = { transaction: "Transaction", block: "Block", address: "Address" } as const;

/**
 * What a search found: one thing opens at once (the page is replaced in the history, so Back goes
 * to where the search started); several are listed; none says so.
 */
export function SearchPage() {
  const q = new URLSearchParams(useSearch()).get("q")?.trim() ?? "";
  usePageTitle(q ? `Search: ${q}` : "Search");
  const [, navigate] = useLocation();
  const query = adminApi.useQuery(
    "get",
    "/chain/search",
    { params: { query: { q } } },
    { enabled: q !== "" },
  );
  const results = query.data?.results;
  const only = results?.length === 1 ? results[0] : undefined;
  useEffect(() => {
    if (only) navigate(resultPath(only), { replace: true });
  }, [only, navigate]);
  return (
    <>
      <h1>Search</h1>
      {q === "" ? (
        <p className="muted">Type a hash, an address, a block number or a label in the search box.</p>
      ) : null}
      {query.error ? <ErrorNotice error={query.error} title="The search failed." /> : null}
      {query.isFetching && !results ? <Loading what={`results for “${q}”`} /> : null}
      {results && results.length === 0 ? <p role="status">Nothing found for “{q}”.</p> : null}
      {results && results.length > 1 ? (
        <>
          <p role="status">
            {results.length} results for “{q}”:
          </p>
          <ul className="results">
            {results.map((result) => (
              <li key={`${result.type}-${result.value}`}>
                <span className="muted">{what[result.type]}</span>{" "}
                <Link
                  href={resultPath(result)}
                  aria-label={`${what[result.type]} ${result.label ? `${result.label} (${result.value})` : result.value}`}
                >
                  {result.label ?? (result.type === "block" ? result.value : shortHex(result.value, 6))}
                </Link>{" "}
                {result.label && result.type !== "block" ? (
                  <span className="mono muted small">{shortHex(result.value)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
