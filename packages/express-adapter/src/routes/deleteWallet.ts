import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { walletIdParams } from "../schemas/fields.js";

export const deleteWallet = defineRoute({
  method: "delete",
  path: "/wallets/:id",
  operationId: "deleteWallet",
  summary: "Delete a stored wallet",
  description:
    "Its transaction history stays. A deleted system wallet is registered again when the platform next starts.",
  tag: "wallets",
  params: walletIdParams,
  response: z.object({ success: z.literal(true) }).meta({ id: "Success" }),
  errors: {
    400: "`id` is not a positive integer.",
    404: "No wallet with this id (WALLET_NOT_FOUND).",
    503: "The database does not answer.",
  },
  handler: ({ platform, params }) => platform.wallets.remove(params.id),
});
