import { usePageTitle } from "../../layout/usePageTitle";
import { NetworkCard } from "./NetworkCard";
import { PricesCard } from "./PricesCard";
import { ServerStatusCard } from "./ServerStatusCard";

/** The oracle's prices with their recent updates, the network, and the server's machine. */
export function PricesPage() {
  usePageTitle("Prices and network");
  return (
    <>
      <h1>Prices and network</h1>
      <PricesCard />
      <div className="grid-2">
        <NetworkCard />
        <ServerStatusCard />
      </div>
    </>
  );
}
