import { useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { usePageTitle } from "../../layout/usePageTitle";
import { ForksTable } from "./ForksTable";
import { StartForkForm } from "./StartForkForm";

/** The list is read again this often, so that a fork that expired (or one started elsewhere) shows. */
const LIST_REFRESH_MS = 5_000;

/**
 * Throwaway forks of the stack's chain: the running ones (each URL to copy, the block it started
 * from, the time left, a delete button) and a form to start one. On a stack without a fork pool it
 * says so.
 */
export function ForksPage() {
  usePageTitle("Forks");
  const queryClient = useQueryClient();
  const list = adminApi.useQuery("get", "/forks", {}, { refetchInterval: LIST_REFRESH_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["get", "/forks"] });
  const data = list.data;
  return (
    <>
      <h1>Forks</h1>
      <p className="muted">
        A throwaway fork is a chain of its own, started from this chain at a block: try a transaction or an
        upgrade there, nothing reaches this chain. Each stops at its time to live, and all stop with the
        stack. Their URLs are on the stack's machine (loopback).
      </p>
      {list.error ? <ErrorNotice error={list.error} title="The forks could not be read." /> : null}
      {list.isPending ? <Loading what="forks" /> : null}
      {data?.available === false ? (
        <p className="notice notice-warning" role="alert">
          This server was started without a fork pool: <code>privnet up</code> serves one.
        </p>
      ) : null}
      {data?.available ? (
        <StartForkForm running={data.forks.length} limit={data.limit} onStarted={refresh} />
      ) : null}
      {data?.available && data.forks.length === 0 ? <p className="muted">No fork is running.</p> : null}
      {data && data.forks.length > 0 ? <ForksTable forks={data.forks} onDeleted={refresh} /> : null}
    </>
  );
}
