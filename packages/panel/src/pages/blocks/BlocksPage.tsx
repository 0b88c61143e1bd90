import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { adminApi } from "../../api/adminApi";
import { useChainActivity } from "../../api/useChainActivity";
import { Amount } from "../../components/Amount";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StreamStatus } from "../../components/StreamStatus";
import { BlockLink } from "../../components/TxLink";
import { formatAge } from "../../format/formatAge";
import { formatTime } from "../../format/formatTime";
import { useNow } from "../../layout/useNow";
import { usePageTitle } from "../../layout/usePageTitle";
import { CursorPager } from "../explorer/CursorPager";
import { GasBar } from "./GasBar";

const PAGE_SIZE = 25;

/** The latest blocks of the chain, live: number, age, transactions, gas against the limit, base fee. */
export function BlocksPage() {
  usePageTitle("Blocks");
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = adminApi.useQuery(
    "get",
    "/chain/blocks",
    { params: { query: { limit: String(PAGE_SIZE), ...(cursor === undefined ? {} : { cursor }) } } },
    { placeholderData: keepPreviousData },
  );
  const stream = useChainActivity(["get", "/chain/blocks"], cursors.length === 0);
  const now = useNow(1_000);
  const data = query.data;
  return (
    <>
      <h1>Blocks</h1>
      <StreamStatus
        state={stream}
        live="Live: new blocks appear as the chain grows."
        stream="event stream"
        className="muted small-print"
      />
      {data ? (
        <p className="muted small-print">
          Head {data.head}; indexed to block {data.indexedTo}.
        </p>
      ) : null}
      {query.error ? <ErrorNotice error={query.error} title="The blocks could not be read." /> : null}
      {query.isPending ? <Loading what="blocks" /> : null}
      {data ? (
        <div className="table-scroll">
          <table aria-label="Blocks">
            <thead>
              <tr>
                <th scope="col">Block</th>
                <th scope="col">Age</th>
                <th scope="col" className="num">
                  Txs
                </th>
                <th scope="col">Gas used</th>
                <th scope="col" className="num narrow-drop">
                  Base fee
                </th>
              </tr>
            </thead>
            <tbody>
              {data.blocks.map((block) => (
                <tr key={block.hash}>
                  <td>
                    <BlockLink number={block.number} />
                  </td>
                  <td>
                    <time
                      dateTime={new Date(block.timestamp * 1000).toISOString()}
                      title={formatTime(block.timestamp)}
                    >
                      {formatAge(block.timestamp * 1000, now)}
                    </time>
                  </td>
                  <td className="num">{block.transactionCount}</td>
                  <td>
                    <GasBar used={block.gasUsed} limit={block.gasLimit} />
                  </td>
                  <td className="num mono narrow-drop">
                    {block.baseFeePerGas === null ? (
                      "–"
                    ) : (
                      <Amount units={block.baseFeePerGas} decimals={9} symbol="gwei" />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CursorPager
        label="Blocks"
        cursors={cursors}
        nextCursor={data?.nextCursor}
        busy={query.isPlaceholderData}
        onChange={setCursors}
      />
    </>
  );
}
