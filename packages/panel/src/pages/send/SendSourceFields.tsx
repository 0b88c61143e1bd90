import { ErrorNotice } from "../../components/ErrorNotice";
import { formatEther } from "../../format/formatAmount";
import { useWallets } from "../wallets/useWallets";
import type { SendSource } from "./useSend";

/** "Send from": a stored wallet, chosen from the list, or a private key used for this one send. */
export function SendSourceFields({
  id,
  source,
  onChange,
}: {
  id: string;
  source: SendSource;
  onChange(source: SendSource): void;
}) {
  const { wallets, error: walletsError } = useWallets();
  return (
    <>
      <fieldset>
        <legend>Send from</legend>
        <label className="inline">
          <input
            type="radio"
            name="mode"
            checked={source.mode === "wallet"}
            onChange={() => onChange({ ...source, mode: "wallet" })}
          />
          A stored wallet
        </label>
        <label className="inline">
          <input
            type="radio"
            name="mode"
            checked={source.mode === "key"}
            onChange={() => onChange({ ...source, mode: "key" })}
          />
          A private key
        </label>
      </fieldset>
      {source.mode === "wallet" ? (
        <>
          <label htmlFor={`${id}-from`}>From wallet</label>
          <select
            id={`${id}-from`}
            required
            value={source.fromWalletId}
            onChange={(event) => onChange({ ...source, fromWalletId: event.target.value })}
          >
            <option value="">Choose a wallet…</option>
            {wallets?.map((wallet) => (
              <option key={wallet.id} value={String(wallet.id)}>
                #{wallet.id} {wallet.name} ({formatEther(wallet.balance, "ETH").text})
              </option>
            ))}
          </select>
          {walletsError ? <ErrorNotice error={walletsError} title="The wallets could not be read." /> : null}
        </>
      ) : (
        <>
          <label htmlFor={`${id}-key`}>Private key</label>
          <input
            id={`${id}-key`}
            type="password"
            required
            autoComplete="off"
            spellCheck={false}
            value={source.privateKey}
            onChange={(event) => onChange({ ...source, privateKey: event.target.value })}
            aria-describedby={`${id}-key-hint`}
          />
          <p id={`${id}-key-hint`} className="hint">
            Used for this one send and never stored. The answer comes once the transaction is in a block.
          </p>
        </>
      )}
    </>
  );
}
