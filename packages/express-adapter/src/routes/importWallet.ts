import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { privateKeyInput, walletNameInput } from "../schemas/fields.js";
import { importedWallet, toImportedWalletBody } from "../schemas/wallets.js";

export const importWalletBody = z
  .strictObject({ name: walletNameInput, privateKey: privateKeyInput })
  .meta({ id: "ImportWalletBody" });

export const importWallet = defineRoute({
  method: "post",
  path: "/wallets/import",
  operationId: "importWallet",
  summary: "Store an existing private key as a wallet",
  tag: "wallets",
  body: { schema: importWalletBody, required: true },
  response: importedWallet,
  successStatus: 201,
  errors: {
    400: "`privateKey` is missing or not 64 hex digits in the secp256k1 range (INVALID_PRIVATE_KEY); `name` is not a string of at most 100 characters.",
    409: "A wallet with this address is already stored (WALLET_EXISTS).",
    503: "The chain or the database does not answer.",
  },
  handler: async ({ platform, body }) =>
    toImportedWalletBody(
      await platform.wallets.import({
        privateKey: body.privateKey,
        ...(body.name === undefined ? {} : { name: body.name }),
      }),
    ),
});
