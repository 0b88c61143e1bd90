import { Redirect, Route, Switch, useLocation } from "wouter";
import { TokenPrompt } from "./auth/TokenPrompt";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { Layout } from "./layout/Layout";
import { BlockPage } from "./pages/blocks/BlockPage";
import { BlocksPage } from "./pages/blocks/BlocksPage";
import { BotsPage } from "./pages/bots/BotsPage";
import { ContractsPage } from "./pages/contracts/ContractsPage";
import { AddressPage } from "./pages/explorer/AddressPage";
import { TransactionPage } from "./pages/explorer/TransactionPage";
import { FaultsPage } from "./pages/faults/FaultsPage";
import { ForksPage } from "./pages/forks/ForksPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { PricesPage } from "./pages/prices/PricesPage";
import { SearchPage } from "./pages/search/SearchPage";
import { SendPage } from "./pages/send/SendPage";
import { SavedSimulationPage, SimulatePage } from "./pages/simulate/SimulatePage";
import { TransactionsPage } from "./pages/transactions/TransactionsPage";
import { WalletDetailPage } from "./pages/wallets/WalletDetailPage";
import { WalletsPage } from "./pages/wallets/WalletsPage";

/** The panel's pages, each at its own URL under /panel/ so that deep links load directly. */
export function App() {
  const [location] = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={location}>
        <Switch>
          <Route path="/">
            <Redirect to="/wallets" replace />
          </Route>
          <Route path="/wallets" component={WalletsPage} />
          <Route path="/wallets/:id">{(params) => <WalletDetailPage key={params.id} id={params.id} />}</Route>
          <Route path="/send" component={SendPage} />
          <Route path="/transactions" component={TransactionsPage} />
          <Route path="/blocks" component={BlocksPage} />
          <Route path="/blocks/:id">{(params) => <BlockPage key={params.id} id={params.id} />}</Route>
          <Route path="/tx/:hash">
            {(params) => <TransactionPage key={params.hash} hash={params.hash} />}
          </Route>
          <Route path="/address/:address">
            {(params) => <AddressPage key={params.address} address={params.address} />}
          </Route>
          <Route path="/contracts" component={ContractsPage} />
          <Route path="/simulate" component={SimulatePage} />
          <Route path="/simulations/:id">
            {(params) => <SavedSimulationPage key={params.id} id={params.id} />}
          </Route>
          <Route path="/search" component={SearchPage} />
          <Route path="/bots" component={BotsPage} />
          <Route path="/prices" component={PricesPage} />
          <Route path="/faults" component={FaultsPage} />
          <Route path="/forks" component={ForksPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </ErrorBoundary>
      <TokenPrompt />
    </Layout>
  );
}
