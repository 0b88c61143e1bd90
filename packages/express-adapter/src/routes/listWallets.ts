import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { toWalletSummaryBody, walletSummary } from "../schemas/wallets.js";

export const listWallets = defineRoute({
  method: "get",
  path: "/wallets",
  operationId: "listWallets",
  summary: "Every stored wallet with its balance, oldest first",
  description:
    "No private keys. Includes the chain's 21 prefunded system wallets. Every balance is read in one JSON-RPC round trip.",
  tag: "wallets",
  response: z.array(walletSummary),
  errors: { 503: "The chain or the database does not answer." },
  handler: async ({ platform }) => (await platform.wallets.list()).map(toWalletSummaryBody),
});
