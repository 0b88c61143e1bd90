import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import type { ChainTransactionAnswer, RerunAnswer } from "../../api/explorer";
import { ErrorNotice } from "../../components/ErrorNotice";
import { StatusBadge } from "../../components/StatusBadge";
import { formatInteger } from "../../format/formatAmount";
import { type CallDraft, CallFields, toCallBody } from "../simulate/CallFields";
import { SimulatedCallView } from "../simulate/SimulatedCallView";
import { parseOverrides } from "../simulate/SimulatePage";

/** The form starts from the original: its call decoded (function and arguments), else its raw input. */
function draftOf(data: ChainTransactionAnswer): CallDraft {
  const { transaction } = data;
  const method = transaction.method;
  const inputs = method?.args.map((arg) => ({ name: arg.name, type: arg.type })) ?? [];
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  return {
    from: "",
    to: transaction.to ?? "",
    fn: method ? `${method.name}(${inputs.map((input) => input.type).join(",")})` : "",
    inputs,
    args: method?.args.map((arg) => text(arg.value)) ?? [],
    data: method ? "" : data.input,
    value: "",
  };
}

/** One side of the comparison: status, revert, gas, and how many logs and storage changes. */
function Side({
  title,
  status,
  revert,
  gas,
  logs,
  storage,
}: {
  title: string;
  status: string;
  revert: string | null;
  gas: string;
  logs: number;
  storage: number;
}) {
  return (
    <section className="card" aria-label={title}>
      <h3>{title}</h3>
      <dl className="fields">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={status} />
        </dd>
        <dt>Revert</dt>
        <dd>{revert ?? "–"}</dd>
        <dt>Gas</dt>
        <dd className="mono">{formatInteger(gas)}</dd>
        <dt>Logs</dt>
        <dd>{logs}</dd>
        <dt>Storage changed</dt>
        <dd>{storage} slot(s)</dd>
      </dl>
    </section>
  );
}

/** The original and the re-run side by side, what differs in storage, then the re-run in full. */
function Comparison({ answer }: { answer: RerunAnswer }) {
  const { original, rerun, changed } = answer;
  return (
    <section aria-label="Re-run result">
      <div className="grid-2">
        <Side
          title="Original"
          status={original.transaction.status}
          revert={original.revertReason}
          gas={original.transaction.gasUsed}
          logs={original.logs.length}
          storage={original.stateChanges?.storage.length ?? 0}
        />
        <Side
          title="Re-run"
          status={rerun.transaction.status}
          revert={rerun.revertReason}
          gas={rerun.transaction.gasUsed}
          logs={rerun.logs.length}
          storage={rerun.stateChanges?.storage.length ?? 0}
        />
      </div>
      <h3>What changed in storage</h3>
      {changed.storage.length === 0 ? (
        <p className="muted">Both left the same storage.</p>
      ) : (
        <div className="table-scroll">
          <table aria-label="Storage differences">
            <thead>
              <tr>
                <th scope="col">Variable or slot</th>
                <th scope="col">Original</th>
                <th scope="col">Re-run</th>
              </tr>
            </thead>
            <tbody>
              {changed.storage.map((difference) => (
                <tr key={`${difference.address}:${difference.slot}:${difference.name}`}>
                  <td className="mono break">
                    {difference.name ?? `${difference.address} ${difference.slot}`}
                  </td>
                  <td className="mono break">{difference.original ?? "(unchanged)"}</td>
                  <td className="mono break">{difference.rerun ?? "(unchanged)"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SimulatedCallView call={rerun} idPrefix="rerun" />
    </section>
  );
}

/**
 * "Re-run with changes": the mined transaction's call again, with other arguments, another
 * sender, a value or overrides, simulated where it ran in its block, shown beside the original.
 */
export function RerunSection({ hash, data }: { hash: string; data: ChainTransactionAnswer }) {
  const id = useId();
  const [draft, setDraft] = useState<CallDraft>(() => draftOf(data));
  const [overrides, setOverrides] = useState("");
  const [inputError, setInputError] = useState<string>();
  const rerun = adminApi.useMutation("post", "/chain/transactions/{hash}/rerun");
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Re-run with changes</h2>
      <form
        className="card"
        aria-label="Re-run with changes"
        onSubmit={(event) => {
          event.preventDefault();
          let body: NonNullable<Parameters<typeof rerun.mutate>[0]["body"]>;
          try {
            const { to: _to, ...call } = toCallBody(draft);
            const parsed = parseOverrides(overrides);
            body = { ...call, ...(parsed ? { overrides: parsed as typeof body.overrides } : {}) };
          } catch (error) {
            setInputError((error as Error).message);
            return;
          }
          setInputError(undefined);
          rerun.mutate({ params: { path: { hash } }, body });
        }}
      >
        <CallFields
          draft={draft}
          onChange={setDraft}
          legend="The call, changed"
          fromHint={`${data.transaction.from} (the original sender)`}
          fixedTo
        />
        <label htmlFor={`${id}-overrides`}>Overrides (JSON, optional)</label>
        <textarea
          id={`${id}-overrides`}
          rows={3}
          className="mono"
          spellCheck={false}
          value={overrides}
          onChange={(event) => setOverrides(event.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={rerun.isPending}>
            {rerun.isPending ? "Re-running…" : "Re-run"}
          </button>
        </div>
        {inputError ? <p className="field-error">{inputError}</p> : null}
      </form>
      {rerun.error ? <ErrorNotice error={rerun.error} title="The re-run could not run." /> : null}
      {rerun.data ? <Comparison answer={rerun.data} /> : null}
    </section>
  );
}
