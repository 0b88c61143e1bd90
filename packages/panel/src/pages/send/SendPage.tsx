import { useId, useState } from "react";
import { useSearch } from "wouter";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { formatEther } from "../../format/formatAmount";
import { usePageTitle } from "../../layout/usePageTitle";
import { useWallets } from "../wallets/useWallets";
import { checkAddress, checkAmount } from "./checkSendInput";
import { newIdempotencyKey } from "./newIdempotencyKey";
import { type SendOutcome, SendResult } from "./SendResult";

type Mode = "wallet" | "key";

/** Sends ETH from a stored wallet (answers pending) or with a private key (answers once mined). */
export function SendPage() {
  usePageTitle("Send");
  const search = new URLSearchParams(useSearch());
  const { wallets, error: walletsError } = useWallets();
  const [mode, setMode] = useState<Mode>("wallet");
  const [fromWalletId, setFromWalletId] = useState(search.get("from") ?? "");
  const [privateKey, setPrivateKey] = useState("");
  const [to, setTo] = useState("");
  const [amount, setAmount] = useState("");
  const [checked, setChecked] = useState({ to: false, amount: false });
  const [outcome, setOutcome] = useState<SendOutcome>();
  const fromWallet = adminApi.useMutation("post", "/send", { onSuccess: setOutcome });
  const withKey = adminApi.useMutation("post", "/send-direct", { onSuccess: setOutcome });
  const sending = fromWallet.isPending || withKey.isPending;
  const failure = mode === "wallet" ? fromWallet.error : withKey.error;
  const id = useId();

  const toError = checked.to ? checkAddress(to.trim()) : undefined;
  const amountError = checked.amount ? checkAmount(amount.trim()) : undefined;

  const submit = () => {
    setChecked({ to: true, amount: true });
    if (checkAddress(to.trim()) || checkAmount(amount.trim())) return;
    setOutcome(undefined);
    const headers = { "Idempotency-Key": newIdempotencyKey() };
    if (mode === "wallet") {
      fromWallet.mutate({
        body: { fromWalletId: Number(fromWalletId), toAddress: to.trim(), amount: amount.trim() },
        params: { header: headers },
      });
    } else {
      withKey.mutate({
        body: { privateKey: privateKey.trim(), toAddress: to.trim(), amount: amount.trim() },
        params: { header: headers },
      });
    }
  };

  return (
    <>
      <h1>Send ETH</h1>
      <form
        className="card"
        aria-label="Send ETH"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend>Send from</legend>
          <label className="inline">
            <input type="radio" name="mode" checked={mode === "wallet"} onChange={() => setMode("wallet")} />A
            stored wallet
          </label>
          <label className="inline">
            <input type="radio" name="mode" checked={mode === "key"} onChange={() => setMode("key")} />A
            private key
          </label>
        </fieldset>
        {mode === "wallet" ? (
          <>
            <label htmlFor={`${id}-from`}>From wallet</label>
            <select
              id={`${id}-from`}
              required
              value={fromWalletId}
              onChange={(event) => setFromWalletId(event.target.value)}
            >
              <option value="">Choose a wallet…</option>
              {wallets?.map((wallet) => (
                <option key={wallet.id} value={String(wallet.id)}>
                  #{wallet.id} {wallet.name} ({formatEther(wallet.balance, "ETH").text})
                </option>
              ))}
            </select>
            {walletsError ? (
              <ErrorNotice error={walletsError} title="The wallets could not be read." />
            ) : null}
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
              value={privateKey}
              onChange={(event) => setPrivateKey(event.target.value)}
              aria-describedby={`${id}-key-hint`}
            />
            <p id={`${id}-key-hint`} className="hint">
              Used for this one send and never stored. The answer comes once the transaction is in a block.
            </p>
          </>
        )}
        <label htmlFor={`${id}-to`}>To address</label>
        <input
          id={`${id}-to`}
          value={to}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          aria-invalid={toError !== undefined}
          aria-describedby={toError ? `${id}-to-error` : undefined}
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => setChecked((current) => ({ ...current, to: to.trim() !== "" || current.to }))}
        />
        {toError ? (
          <p id={`${id}-to-error`} className="field-error">
            {toError}
          </p>
        ) : null}
        <label htmlFor={`${id}-amount`}>Amount (ETH)</label>
        <input
          id={`${id}-amount`}
          value={amount}
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.25"
          aria-invalid={amountError !== undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() =>
            setChecked((current) => ({ ...current, amount: amount.trim() !== "" || current.amount }))
          }
        />
        {amountError ? (
          <p id={`${id}-amount-error`} className="field-error">
            {amountError}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" disabled={sending || (mode === "wallet" && fromWalletId === "")}>
            {sending ? (mode === "key" ? "Sending, waiting for the block…" : "Sending…") : "Send"}
          </button>
        </div>
        {failure ? <ErrorNotice error={failure} title="The send failed." /> : null}
      </form>
      {outcome ? <SendResult key={outcome.hash} outcome={outcome} /> : null}
    </>
  );
}
