import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";

export type AbiParameter = { name?: string; type: string; components?: readonly AbiParameter[] };
export type AbiFunction = {
  type: "function";
  name: string;
  stateMutability?: string;
  inputs?: readonly AbiParameter[];
  outputs?: readonly AbiParameter[];
};

/** The ABI's view and pure functions: what can be read without a transaction. */
export function readFunctions(abi: readonly unknown[]): AbiFunction[] {
  return abi.filter(
    (item): item is AbiFunction =>
      typeof item === "object" &&
      item !== null &&
      (item as AbiFunction).type === "function" &&
      ((item as AbiFunction).stateMutability === "view" || (item as AbiFunction).stateMutability === "pure"),
  );
}

/**
 * A typed field's text as the API takes it: arrays and tuples as JSON, booleans as true/false,
 * everything else (numbers of any size, addresses, bytes, strings) as the text itself.
 */
export function parseArgument(type: string, text: string): unknown {
  const trimmed = text.trim();
  if (type.endsWith("]") || type.startsWith("tuple")) return JSON.parse(trimmed);
  if (type === "bool") return trimmed === "true";
  return type === "string" ? text : trimmed;
}

const signature = (fn: AbiFunction) =>
  `${fn.name}(${(fn.inputs ?? []).map((input) => input.type).join(",")})`;

/** One read function as a form generated from its ABI inputs, and its answer. */
function ReadFunction({ address, fn }: { address: string; fn: AbiFunction }) {
  const inputs = fn.inputs ?? [];
  const [values, setValues] = useState<string[]>(() => inputs.map(() => ""));
  const [inputError, setInputError] = useState<string>();
  const read = adminApi.useMutation("post", "/contracts/{address}/read");
  const id = useId();
  return (
    <form
      className="read-function"
      aria-label={signature(fn)}
      onSubmit={(event) => {
        event.preventDefault();
        let args: unknown[];
        try {
          args = inputs.map((input, index) => parseArgument(input.type, values[index] ?? ""));
        } catch {
          setInputError("Arrays and tuples are written as JSON, e.g. [1, 2].");
          return;
        }
        setInputError(undefined);
        read.mutate({ params: { path: { address } }, body: { function: signature(fn), args } });
      }}
    >
      <p className="mono signature">
        <strong>{fn.name}</strong>(
        {inputs.map((input) => `${input.type} ${input.name ?? ""}`.trim()).join(", ")})
        {fn.outputs && fn.outputs.length > 0 ? (
          <span className="muted"> → {fn.outputs.map((output) => output.type).join(", ")}</span>
        ) : null}
      </p>
      {inputs.map((input, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an ABI's inputs never move.
        <div key={index}>
          <label htmlFor={`${id}-${index}`}>
            {input.name || `#${index}`} <span className="muted mono">({input.type})</span>
          </label>
          <input
            id={`${id}-${index}`}
            value={values[index] ?? ""}
            required={input.type !== "string"}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              input.type === "address" ? "0x…" : input.type === "bool" ? "true or false" : input.type
            }
            onChange={(event) =>
              setValues(values.map((value, at) => (at === index ? event.target.value : value)))
            }
          />
        </div>
      ))}
      <div className="actions">
        <button type="submit" disabled={read.isPending} aria-label={`Read ${fn.name}`}>
          {read.isPending ? "Reading…" : "Read"}
        </button>
      </div>
      {inputError ? <p className="field-error">{inputError}</p> : null}
      {read.error ? <ErrorNotice error={read.error} title={`${fn.name} could not be read.`} /> : null}
      {read.data ? (
        <output className="mono break read-result" aria-label={`Result of ${fn.name}`}>
          {JSON.stringify(read.data.result, null, 2)}
        </output>
      ) : null}
    </form>
  );
}

/** Every read function of a contract, each callable from its own form. */
export function ReadFunctions({ address, abi }: { address: string; abi: readonly unknown[] }) {
  const functions = readFunctions(abi);
  if (functions.length === 0) return <p className="muted">This ABI has no view or pure function.</p>;
  return (
    <div className="read-functions">
      {functions.map((fn) => (
        <ReadFunction key={signature(fn)} address={address} fn={fn} />
      ))}
    </div>
  );
}
