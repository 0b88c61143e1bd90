import { useId } from "react";
import { adminApi } from "../../api/adminApi";
import { type AbiFunction, parseArgument } from "../contracts/ReadFunctions";

/**
 * One call of the form as typed: a function of the target's ABI (its signature, its inputs' types
 * and names) with its arguments, or raw data.
 */
export type CallDraft = {
  from: string;
  to: string;
  fn: string;
  inputs: { name: string; type: string }[];
  args: string[];
  data: string;
  value: string;
};

export const emptyCall = (): CallDraft => ({
  from: "",
  to: "",
  fn: "",
  inputs: [],
  args: [],
  data: "",
  value: "",
});

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const signatureOf = (fn: AbiFunction) =>
  `${fn.name}(${(fn.inputs ?? []).map((input) => input.type).join(",")})`;

/** The ABI's functions, every kind: a simulation may call any of them. */
function functionsOf(abi: readonly unknown[] | undefined): AbiFunction[] {
  return (abi ?? []).filter(
    (item): item is AbiFunction =>
      typeof item === "object" && item !== null && (item as AbiFunction).type === "function",
  );
}

/** The ABI the explorer knows for `to` (registered, platform or matched artifact); none while `to` is not an address. */
export function useTargetAbi(to: string): readonly unknown[] | undefined {
  const known = adminApi.useQuery(
    "get",
    "/contracts/{address}",
    { params: { path: { address: to } } },
    { enabled: ADDRESS.test(to), retry: false },
  );
  return ADDRESS.test(to) ? known.data?.abi : undefined;
}

/**
 * A draft as the API's call takes it: the function's signature with its arguments parsed by
 * type (arrays and tuples as JSON), or the raw data. Throws a message for an argument that does
 * not parse.
 */
export function toCallBody(draft: CallDraft) {
  return {
    ...(draft.from ? { from: draft.from } : {}),
    ...(draft.to ? { to: draft.to } : {}),
    ...(draft.value ? { value: draft.value } : {}),
    ...(draft.fn
      ? {
          function: draft.fn,
          args: draft.inputs.map((input, index) => {
            try {
              return parseArgument(input.type, draft.args[index] ?? "");
            } catch {
              throw new Error(
                `${input.name || `#${index}`}: arrays and tuples are written as JSON, e.g. [1, 2].`,
              );
            }
          }),
        }
      : draft.data
        ? { data: draft.data }
        : {}),
  };
}

/**
 * The fields of one call: sender, target, the function (a choice among the target's ABI when the
 * explorer knows it, with one field per argument) or raw calldata, and the ETH sent. `fromHint`
 * fills the sender's placeholder (the re-run's original sender).
 */
export function CallFields({
  draft,
  onChange,
  legend,
  fromHint,
  fixedTo,
}: {
  draft: CallDraft;
  onChange: (draft: CallDraft) => void;
  legend: string;
  fromHint?: string;
  /** The target cannot change (a re-run calls what the original called). */
  fixedTo?: boolean;
}) {
  const id = useId();
  const abi = useTargetAbi(draft.to);
  const functions = functionsOf(abi);
  const set = (change: Partial<CallDraft>) => onChange({ ...draft, ...change });
  return (
    <fieldset className="call-fields">
      <legend>{legend}</legend>
      <label htmlFor={`${id}-from`}>From</label>
      <input
        id={`${id}-from`}
        value={draft.from}
        placeholder={fromHint ?? "0x… (any address: no key needed)"}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set({ from: event.target.value.trim() })}
      />
      <label htmlFor={`${id}-to`}>To</label>
      <input
        id={`${id}-to`}
        value={draft.to}
        placeholder="0x… (empty: a deployment of the data)"
        autoComplete="off"
        spellCheck={false}
        readOnly={fixedTo}
        onChange={(event) => set({ to: event.target.value.trim(), fn: "", inputs: [], args: [] })}
      />
      {functions.length > 0 || draft.fn ? (
        <>
          <label htmlFor={`${id}-fn`}>Function</label>
          <select
            id={`${id}-fn`}
            value={draft.fn}
            onChange={(event) => {
              const fn = functions.find((candidate) => signatureOf(candidate) === event.target.value);
              const inputs = (fn?.inputs ?? []).map((input) => ({
                name: input.name ?? "",
                type: input.type,
              }));
              set({ fn: event.target.value, inputs, args: inputs.map(() => "") });
            }}
          >
            <option value="">raw data</option>
            {draft.fn && !functions.some((fn) => signatureOf(fn) === draft.fn) ? (
              <option value={draft.fn}>{draft.fn}</option>
            ) : null}
            {functions.map((fn) => (
              <option key={signatureOf(fn)} value={signatureOf(fn)}>
                {signatureOf(fn)}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {draft.fn ? (
        draft.inputs.map((input, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ABI's inputs never move.
          <div key={index}>
            <label htmlFor={`${id}-arg-${index}`}>
              {input.name || `#${index}`} <span className="muted mono">({input.type})</span>
            </label>
            <input
              id={`${id}-arg-${index}`}
              value={draft.args[index] ?? ""}
              autoComplete="off"
              spellCheck={false}
              placeholder={input.type === "address" ? "0x…" : input.type}
              onChange={(event) =>
                set({ args: draft.args.map((value, at) => (at === index ? event.target.value : value)) })
              }
            />
          </div>
        ))
      ) : (
        <>
          <label htmlFor={`${id}-data`}>Data</label>
          <input
            id={`${id}-data`}
            value={draft.data}
            placeholder="0x… calldata (or creation code)"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ data: event.target.value.trim() })}
          />
        </>
      )}
      <label htmlFor={`${id}-value`}>Value (ETH)</label>
      <input
        id={`${id}-value`}
        value={draft.value}
        inputMode="decimal"
        placeholder="0"
        autoComplete="off"
        onChange={(event) => set({ value: event.target.value.trim() })}
      />
    </fieldset>
  );
}
