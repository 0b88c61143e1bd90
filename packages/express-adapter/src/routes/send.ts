import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { idempotent } from "../idempotency/idempotent.js";
import { addressInput, amountInput, walletIdInput } from "../schemas/fields.js";
import { pendingSend, toPendingSendBody } from "../schemas/transactions.js";

export const sendBody = z
  .strictObject({
    fromWalletId: walletIdInput,
    toAddress: addressInput("toAddress"),
    amount: amountInput("amount"),
  })
  .meta({ id: "SendBody" });

export const send = idempotent(
  defineRoute({
    method: "post",
    path: "/send",
    operationId: "send",
    summary: "Send ETH from a stored wallet",
    description:
      "Answers as soon as the node accepted the transaction (status pending); follow it in GET /transactions. Send an `Idempotency-Key` header to retry safely: the same key and body return the first answer and never send twice.",
    tag: "sending",
    body: { schema: sendBody, required: true },
    response: pendingSend,
    errors: {
      400: "Bad `fromWalletId`, `toAddress` (INVALID_ADDRESS) or `amount` (INVALID_AMOUNT); the wallet cannot pay amount plus fee (INSUFFICIENT_FUNDS); the node refused the transaction (TRANSACTION_REJECTED); a malformed Idempotency-Key.",
      404: "No wallet with id `fromWalletId` (WALLET_NOT_FOUND).",
      409: "Something outside privnet kept taking the wallet's nonces (NONCE_CONFLICT); retrying may succeed.",
      422: "The Idempotency-Key was used before with another body or route (IDEMPOTENCY_KEY_REUSED).",
      503: "The chain or the database does not answer, or the wallet's key cannot be decrypted.",
    },
    async handler({ platform, body }) {
      const entry = await platform.sender.sendFromWallet({
        fromWalletId: body.fromWalletId,
        to: body.toAddress,
        amount: body.amount,
        source: "api",
      });
      return toPendingSendBody(entry);
    },
  }),
);
