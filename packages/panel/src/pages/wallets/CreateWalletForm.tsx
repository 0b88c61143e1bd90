import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "wouter";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { SecretField } from "../../components/SecretField";

/**
 * Creates a wallet (name optional) and shows its mnemonic and private key once. They live in this
 * component's memory only: never stored by the browser, gone on reload or on "Done".
 */
export function CreateWalletForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = adminApi.useMutation("post", "/wallets", {
    // The answer holds the secrets: dropped from memory as soon as this form is gone.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["get", "/wallets"] }),
  });
  const nameId = useId();
  const created = create.data;
  return (
    <section className="card" aria-labelledby={`${nameId}-title`}>
      <h2 id={`${nameId}-title`}>Create a wallet</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ body: name.trim() === "" ? {} : { name: name.trim() } });
        }}
      >
        <label htmlFor={nameId}>Name (optional)</label>
        <div className="row">
          <input
            id={nameId}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create wallet"}
          </button>
        </div>
      </form>
      {create.error ? <ErrorNotice error={create.error} title="The wallet was not created." /> : null}
      {created ? (
        <section className="secret" aria-label="New wallet's secrets">
          <p className="notice notice-warning" role="alert">
            <strong>Save this now.</strong> The mnemonic and the private key of{" "}
            <Link href={`/wallets/${created.id}`}>{created.name}</Link> are shown this once: privnet does not
            store the mnemonic, and this page forgets both when you leave it.
          </p>
          <p>
            Address <span className="mono break">{created.address}</span>
          </p>
          <SecretField label="Mnemonic" value={created.mnemonic} />
          <SecretField label="Private key" value={created.private_key} />
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                create.reset();
                setName("");
              }}
            >
              Done, I saved them
            </button>
          </div>
        </section>
      ) : null}
    </section>
  );
}
