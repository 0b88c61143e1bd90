import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import { AddressLink } from "../../components/AddressLink";
import { ErrorNotice } from "../../components/ErrorNotice";

/**
 * Registers a contract's ABI (a name, its address, the ABI as JSON, pasted or read from a file):
 * from then on its calls, events and reverts are decoded everywhere. The API checks the ABI and
 * that the address has code, and says what is wrong.
 */
export function RegisterContractForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [abiText, setAbiText] = useState("");
  const [abiError, setAbiError] = useState<string>();
  const register = adminApi.useMutation("post", "/contracts", {
    onSuccess: () => {
      setName("");
      setAddress("");
      setAbiText("");
      return queryClient.invalidateQueries();
    },
  });
  const id = useId();
  const registered = register.data?.contract;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Register a contract</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          let abi: unknown;
          try {
            abi = JSON.parse(abiText);
          } catch (error) {
            setAbiError(`The ABI is not JSON: ${(error as Error).message}`);
            return;
          }
          // A Hardhat or Foundry artifact holds the ABI under "abi".
          if (abi && typeof abi === "object" && !Array.isArray(abi) && "abi" in abi)
            abi = (abi as { abi: unknown }).abi;
          setAbiError(undefined);
          register.mutate({
            body: { name: name.trim(), address: address.trim(), abi: abi as Record<string, unknown>[] },
          });
        }}
      >
        <div className="grid-2">
          <div>
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              value={name}
              required
              maxLength={64}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-address`}>Address</label>
            <input
              id={`${id}-address`}
              value={address}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="0x…"
              onChange={(event) => setAddress(event.target.value)}
            />
          </div>
        </div>
        <label htmlFor={`${id}-abi`}>ABI (JSON)</label>
        <textarea
          id={`${id}-abi`}
          value={abiText}
          required
          rows={5}
          spellCheck={false}
          placeholder='[{"type":"function","name":"…","inputs":[],"outputs":[],"stateMutability":"view"}]'
          onChange={(event) => setAbiText(event.target.value)}
        />
        <label htmlFor={`${id}-file`}>
          …or read it from a file (an ABI, or a Hardhat or Foundry artifact)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) setAbiText(await file.text());
          }}
        />
        {abiError ? <p className="field-error">{abiError}</p> : null}
        <div className="actions">
          <button type="submit" disabled={register.isPending}>
            {register.isPending ? "Registering…" : "Register contract"}
          </button>
        </div>
      </form>
      {register.error ? (
        <ErrorNotice error={register.error} title="The contract was not registered." />
      ) : null}
      {registered ? (
        <p className="notice notice-success" role="status">
          Registered {registered.name} at <AddressLink address={registered.address} />.
        </p>
      ) : null}
    </section>
  );
}
