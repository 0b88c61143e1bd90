import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { walletNameInput } from "../schemas/fields.js";
import { createdWallet, toCreatedWalletBody } from "../schemas/wallets.js";

export const createWalletBody = z.strictObject({ name: walletNameInput }).meta({ id: "CreateWalletBody" });

export const createWallet = defineRoute({
  method: "post",
  path: "/wallets",
  operationId: "createWallet",
  summary: "Create a wallet from a fresh 12-word mnemonic",
  description:
    "The answer is the only time the mnemonic is shown: it is not stored. The body may be empty or omitted.",
  tag: "wallets",
  body: { schema: createWalletBody, required: false },
  response: createdWallet,
  successStatus: 201,
  errors: {
    400: "`name` is not a string of at most 100 characters.",
    503: "The database does not answer.",
  },
  handler: async ({ platform, body }) =>
    toCreatedWalletBody(await platform.wallets.create(body.name === undefined ? {} : { name: body.name })),
});
