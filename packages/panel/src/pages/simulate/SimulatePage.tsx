import { useId, useState } from "react";
import { Link } from "wouter";
import { adminApi } from "../../api/adminApi";
import type { SimulationAnswer } from "../../api/explorer";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { usePageTitle } from "../../layout/usePageTitle";
import { type CallDraft, CallFields, emptyCall, toCallBody } from "./CallFields";
import { SimulatedCallView } from "./SimulatedCallView";

/** Most calls in one bundle (the API's limit). */
const MOST_CALLS = 16;

/**
 * Overrides typed as JSON: `{ "0x…": { "balance": "1", "nonce": 3, "code": "0x…", "storage":
 * { "balances[0x…]": "100", "0x0": "1" } } }`. Empty: none. Throws a message for text that is
 * not a JSON object.
 */
export function parseOverrides(text: string): Record<string, unknown> | undefined {
  if (text.trim() === "") return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      'Overrides are JSON: { "0x…": { "balance": "1", "storage": { "balances[0x…]": "100" } } }.',
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new Error("Overrides are a JSON object keyed by address.");
  }
  return parsed as Record<string, unknown>;
}

/** A simulation's answer: where it ran, its link when saved, and each call explained. */
export function SimulationResult({ simulation }: { simulation: SimulationAnswer }) {
  return (
    <section aria-label="Simulation result">
      <p className="lead">
        Simulated on block {simulation.blockNumber}'s state, as block {simulation.runBlock.number}. Nothing
        was sent.
        {simulation.id ? (
          <>
            {" "}
            <Link href={`/simulations/${simulation.id}`}>Saved: open it again</Link>
          </>
        ) : null}
      </p>
      {simulation.calls.map((call) => (
        <SimulatedCallView
          key={call.transaction.index}
          call={call}
          idPrefix={`sim-${call.transaction.index}`}
        />
      ))}
    </section>
  );
}

/**
 * Simulate a transaction or a bundle before sending it: each call from any address (no key), a
 * function of the target's ABI or raw data, with overrides of balances, nonces, code and storage
 * by variable name; the answer explained like a mined transaction, call by call.
 */
export function SimulatePage() {
  usePageTitle("Simulate");
  const id = useId();
  const [calls, setCalls] = useState<CallDraft[]>(() => [emptyCall()]);
  const [overrides, setOverrides] = useState("");
  const [save, setSave] = useState(false);
  const [inputError, setInputError] = useState<string>();
  const simulate = adminApi.useMutation("post", "/chain/simulate");
  return (
    <>
      <h1>Simulate</h1>
      <p className="muted">
        Run calls on the chain's state without sending them: from any address, each call seeing the ones
        before it, with overrides. Nothing on the chain changes.
      </p>
      <form
        className="card simulate-form"
        aria-label="Simulation"
        onSubmit={(event) => {
          event.preventDefault();
          let body: Parameters<typeof simulate.mutate>[0]["body"];
          try {
            const parsed = parseOverrides(overrides);
            body = {
              calls: calls.map((call) => toCallBody(call)) as typeof body.calls,
              ...(parsed ? { overrides: parsed as typeof body.overrides } : {}),
              ...(save ? { save: true } : {}),
            };
          } catch (error) {
            setInputError((error as Error).message);
            return;
          }
          setInputError(undefined);
          simulate.mutate({ body });
        }}
      >
        {calls.map((call, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the calls are numbered by place; their fields are controlled.
          <div key={index} className="call-draft">
            <CallFields
              draft={call}
              legend={`Call ${index}`}
              onChange={(draft) => setCalls(calls.map((other, at) => (at === index ? draft : other)))}
            />
            {calls.length > 1 ? (
              <button type="button" onClick={() => setCalls(calls.filter((_, at) => at !== index))}>
                Remove call {index}
              </button>
            ) : null}
          </div>
        ))}
        <div className="actions">
          <button
            type="button"
            disabled={calls.length >= MOST_CALLS}
            onClick={() => setCalls([...calls, { ...emptyCall(), from: calls.at(-1)?.from ?? "" }])}
          >
            Add a call
          </button>
        </div>
        <label htmlFor={`${id}-overrides`}>Overrides (JSON, optional)</label>
        <textarea
          id={`${id}-overrides`}
          rows={4}
          className="mono"
          spellCheck={false}
          value={overrides}
          placeholder='{ "0x…": { "balance": "10", "storage": { "_balances[0x…]": "1000000" } } }'
          onChange={(event) => setOverrides(event.target.value)}
        />
        <label className="row">
          <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} /> Save
          it, to open again by its link
        </label>
        <div className="actions">
          <button type="submit" disabled={simulate.isPending}>
            {simulate.isPending ? "Simulating…" : "Simulate"}
          </button>
        </div>
        {inputError ? <p className="field-error">{inputError}</p> : null}
      </form>
      {simulate.error ? <ErrorNotice error={simulate.error} title="The simulation could not run." /> : null}
      {simulate.isPending ? <Loading what="the simulation" /> : null}
      {simulate.data ? <SimulationResult simulation={simulate.data} /> : null}
    </>
  );
}

/** A saved simulation, opened by its link. */
export function SavedSimulationPage({ id }: { id: string }) {
  usePageTitle("Simulation");
  const query = adminApi.useQuery("get", "/chain/simulations/{id}", { params: { path: { id } } });
  return (
    <>
      <h1>Simulation</h1>
      {query.error ? <ErrorNotice error={query.error} title="The simulation could not be read." /> : null}
      {query.isPending ? <Loading what="the simulation" /> : null}
      {query.data ? <SimulationResult simulation={query.data} /> : null}
    </>
  );
}
