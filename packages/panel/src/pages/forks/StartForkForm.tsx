import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";

/** Starts a throwaway fork: a block (empty: the head), a time to live in minutes, a name. */
export function StartForkForm({
  running,
  limit,
  onStarted,
}: {
  running: number;
  limit: number;
  onStarted(): void;
}) {
  const create = adminApi.useMutation("post", "/forks", { onSuccess: onStarted });
  const [block, setBlock] = useState("");
  const [ttlMinutes, setTtlMinutes] = useState("60");
  const [name, setName] = useState("");
  const id = useId();
  return (
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
            {running} of {limit} running
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
  );
}
