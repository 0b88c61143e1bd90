import { usePageTitle } from "../../layout/usePageTitle";
import { TransactionHistory } from "./TransactionHistory";

/** The whole transaction history, newest first. */
export function TransactionsPage() {
  usePageTitle("Transactions");
  return (
    <>
      <h1>Transactions</h1>
      <p className="muted">
        Every transaction privnet sent or recorded, newest first. Names link to the stored wallets.
      </p>
      <TransactionHistory label="Transactions" />
    </>
  );
}
