import { Link } from "wouter";
import { usePageTitle } from "../layout/usePageTitle";

/** A panel URL that names no page. */
export function NotFoundPage() {
  usePageTitle("Not found");
  return (
    <>
      <h1>No such page</h1>
      <p>
        The panel has no page here. <Link href="/wallets">Go to the wallets</Link>.
      </p>
    </>
  );
}
