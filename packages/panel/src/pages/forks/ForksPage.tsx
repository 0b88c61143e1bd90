import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { BlockLink } from "../../components/TxLink";
import { useNow } from "../../layout/useNow";
import { usePageTitle } from "../../layout/usePageTitle";

/** The list is read again this often, so that a fork that expired (or one started elsewhere) shows. */
const LIST_REFRESH_MS = 5_000;

/** "12 min 5 s", "3 s", or "expiring" once the time is up. */
function formatRemaining(ms: number): string {
  if (ms <= 0) return "expiring";
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min ${rest} s` : `${rest} s`;
}

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
  const create = adminApi.useMutation("post", "/forks", { onSuccess: refresh });
  const remove = adminApi.useMutation("delete", "/forks/{id}", { onSettled: refresh });
  const now = useNow(1_000);
  const [block, setBlock] = useState("");
  const [ttlMinutes, setTtlMinutes] = useState("60");
  const [name, setName] = useState("");
  const id = useId();
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
        <section className="card" aria-labelledby={`${id}-start`}>
          <h2 id={`${id}-start`}>Start a fork</h2>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate({
                body: {
                  ...(block.trim() === "" ? {} : { block: Number(block) }),
                  ttlSeconds: Math.round(Number(ttlMinutes) * 60),
                  ...(name.trim() === "" ? {} : { name: name.trim() }),
                },
              });
            }}
          >
            <div className="grid-3">
              <div>
                <label htmlFor={`${id}-block`}>Block (empty: the head)</label>
                <input
                  id={`${id}-block`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={block}
                  onChange={(event) => setBlock(event.target.value)}
                />
              </div>
              <div>
                <label htmlFor={`${id}-ttl`}>Time to live (minutes)</label>
                <input
                  id={`${id}-ttl`}
                  type="number"
                  inputMode="numeric"
                  required
                  min={1}
                  max={1440}
                  step={1}
                  value={ttlMinutes}
                  onChange={(event) => setTtlMinutes(event.target.value)}
                />
              </div>
              <div>
                <label htmlFor={`${id}-name`}>Name (optional)</label>
                <input
                  id={`${id}-name`}
                  value={name}
                  maxLength={64}
                  autoComplete="off"
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
            </div>
            <div className="actions">
              <button type="submit" disabled={create.isPending}>
                {create.isPending ? "Starting…" : "Start a fork"}
              </button>
              <span className="muted">
                {data.forks.length} of {data.limit} running
              </span>
            </div>
          </form>
          {create.error ? <ErrorNotice error={create.error} title="The fork did not start." /> : null}
          {create.data ? (
            <p className="notice notice-success" role="status">
              {create.data.name} answers at <code>{create.data.rpcUrl}</code>.
            </p>
          ) : null}
        </section>
      ) : null}
      {remove.error ? <ErrorNotice error={remove.error} title="The fork could not be deleted." /> : null}
      {data?.available && data.forks.length === 0 ? <p className="muted">No fork is running.</p> : null}
      {data && data.forks.length > 0 ? (
        <div className="table-scroll">
          <table aria-label="Running forks">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">RPC URL</th>
                <th scope="col">Block</th>
                <th scope="col">Expires in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.forks.map((fork) => (
                <tr key={fork.id}>
                  <td>{fork.name}</td>
                  <td>
                    <code>{fork.rpcUrl}</code>{" "}
                    <CopyButton text={fork.rpcUrl} what={`the URL of ${fork.name}`} />
                  </td>
                  <td>
                    <BlockLink number={fork.block} />
                  </td>
                  <td>
                    <time dateTime={fork.expiresAt}>{formatRemaining(Date.parse(fork.expiresAt) - now)}</time>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="small"
                      aria-label={`Delete ${fork.name}`}
                      disabled={remove.isPending && remove.variables?.params.path.id === fork.id}
                      onClick={() => remove.mutate({ params: { path: { id: fork.id } } })}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
