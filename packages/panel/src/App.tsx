import { Redirect, Route, Switch, useLocation } from "wouter";
import { TokenPrompt } from "./auth/TokenPrompt";
import { ErrorBoundary } from "./layout/ErrorBoundary";
import { Layout } from "./layout/Layout";
import { BotsPage } from "./pages/bots/BotsPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { PricesPage } from "./pages/prices/PricesPage";
import { SendPage } from "./pages/send/SendPage";
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
          <Route path="/bots" component={BotsPage} />
          <Route path="/prices" component={PricesPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </ErrorBoundary>
      <TokenPrompt />
    </Layout>
  );
}
