import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "wouter";
import { adminApi } from "../../api/adminApi";
import { Amount } from "../../components/Amount";
import { ErrorNotice } from "../../components/ErrorNotice";

/** Stores an existing private key as a wallet (name optional). */
export function ImportWalletForm() {
  const queryClient = useQueryClient();
  const [privateKey, setPrivateKey] = useState("");
  const [name, setName] = useState("");
  const importWallet = adminApi.useMutation("post", "/wallets/import", {
    onSuccess: () => {
      setPrivateKey("");
      setName("");
      return queryClient.invalidateQueries({ queryKey: ["get", "/wallets"] });
    },
  });
  const id = useId();
  const imported = importWallet.data;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a wallet</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          importWallet.mutate({
            body: { privateKey: privateKey.trim(), ...(name.trim() === "" ? {} : { name: name.trim() }) },
          });
        }}
      >
        <label htmlFor={`${id}-key`}>Private key</label>
        <input
          id={`${id}-key`}
          type="password"
          value={privateKey}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="64 hex digits, 0x optional"
          onChange={(event) => setPrivateKey(event.target.value)}
        />
        <label htmlFor={`${id}-name`}>Name (optional)</label>
        <div className="row">
          <input
            id={`${id}-name`}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" disabled={importWallet.isPending}>
            {importWallet.isPending ? "Importing…" : "Import wallet"}
          </button>
        </div>
      </form>
      {importWallet.error ? (
        <ErrorNotice error={importWallet.error} title="The wallet was not imported." />
      ) : null}
      {imported ? (
        <p className="notice notice-success" role="status">
          Imported <Link href={`/wallets/${imported.id}`}>{imported.name}</Link> ({imported.address}), balance{" "}
          <Amount value={imported.balance} symbol="ETH" />.
        </p>
      ) : null}
    </section>
  );
}
