import { defineRoute } from "@privnet/http";
import { walletIdParams } from "../schemas/fields.js";
import { toWalletDetailsBody, walletDetails } from "../schemas/wallets.js";

export const getWallet = defineRoute({
  method: "get",
  path: "/wallets/:id",
  operationId: "getWallet",
  summary: "One wallet with its balance and private key",
  tag: "wallets",
  params: walletIdParams,
  response: walletDetails,
  errors: {
    400: "`id` is not a positive integer.",
    404: "No wallet with this id (WALLET_NOT_FOUND).",
    503: "The chain or the database does not answer, or the stored key cannot be decrypted (WALLET_LOCKED, WALLET_DECRYPTION_FAILED).",
  },
  handler: async ({ platform, params }) => toWalletDetailsBody(await platform.wallets.get(params.id)),
});
