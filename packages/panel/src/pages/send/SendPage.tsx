import { useId, useState } from "react";
import { useSearch } from "wouter";
import { ErrorNotice } from "../../components/ErrorNotice";
import { usePageTitle } from "../../layout/usePageTitle";
import { CheckedInput } from "./CheckedInput";
import { checkAddress, checkAmount } from "./checkSendInput";
import { SendResult } from "./SendResult";
import { SendSourceFields } from "./SendSourceFields";
import { type SendSource, useSend } from "./useSend";

/** Sends ETH from a stored wallet (answers pending) or with a private key (answers once mined). */
export function SendPage() {
  usePageTitle("Send");
  const search = new URLSearchParams(useSearch());
  const [source, setSource] = useState<SendSource>({
    mode: "wallet",
    fromWalletId: search.get("from") ?? "",
    privateKey: "",
  });
  const [to, setTo] = useState("");
  const [amount, setAmount] = useState("");
  // A field's reason shows once it was left with something in it, or after a submit.
  const [checked, setChecked] = useState({ to: false, amount: false });
  const { send, sending, failure, outcome } = useSend();
  const id = useId();

  const toError = checked.to ? checkAddress(to.trim()) : undefined;
  const amountError = checked.amount ? checkAmount(amount.trim()) : undefined;
  const submit = () => {
    setChecked({ to: true, amount: true });
    if (checkAddress(to.trim()) || checkAmount(amount.trim())) return;
    send(source, to.trim(), amount.trim());
  };
  const failed = failure(source.mode);

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
        <SendSourceFields id={id} source={source} onChange={setSource} />
        <CheckedInput
          id={`${id}-to`}
          label="To address"
          error={toError}
          value={to}
          spellCheck={false}
          placeholder="0x…"
          onChange={(event) => setTo(event.target.value)}
          onBlur={() => setChecked((current) => ({ ...current, to: to.trim() !== "" || current.to }))}
        />
        <CheckedInput
          id={`${id}-amount`}
          label="Amount (ETH)"
          error={amountError}
          value={amount}
          inputMode="decimal"
          placeholder="0.25"
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() =>
            setChecked((current) => ({ ...current, amount: amount.trim() !== "" || current.amount }))
          }
        />
        <div className="actions">
          <button
            type="submit"
            disabled={sending || (source.mode === "wallet" && source.fromWalletId === "")}
          >
            {sending ? (source.mode === "key" ? "Sending, waiting for the block…" : "Sending…") : "Send"}
          </button>
        </div>
        {failed ? <ErrorNotice error={failed} title="The send failed." /> : null}
      </form>
      {outcome ? <SendResult key={outcome.hash} outcome={outcome} /> : null}
    </>
  );
}
