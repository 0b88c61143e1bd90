import { useState } from "react";
import { adminApi } from "../../api/adminApi";
import { newIdempotencyKey } from "./newIdempotencyKey";
import type { SendOutcome } from "./SendResult";

/** Where a send comes from: a stored wallet (answers pending) or a private key (answers once mined). */
export type SendSource = {
  mode: "wallet" | "key";
  /** The stored wallet's id, as the form's select has it ("" before one is chosen). */
  fromWalletId: string;
  privateKey: string;
};

/**
 * The two sends (`POST /send`, `POST /send-direct`), each with an idempotency key of its own, and
 * what the last one answered.
 */
export function useSend() {
  const [outcome, setOutcome] = useState<SendOutcome>();
  const fromWallet = adminApi.useMutation("post", "/send", { onSuccess: setOutcome });
  const withKey = adminApi.useMutation("post", "/send-direct", { onSuccess: setOutcome });
  return {
    outcome,
    sending: fromWallet.isPending || withKey.isPending,
    /** The failure of the last send of this mode. */
    failure: (mode: SendSource["mode"]) => (mode === "wallet" ? fromWallet.error : withKey.error),
    send(source: SendSource, toAddress: string, amount: string) {
      setOutcome(undefined);
      const params = { header: { "Idempotency-Key": newIdempotencyKey() } };
      if (source.mode === "wallet") {
        fromWallet.mutate({ body: { fromWalletId: Number(source.fromWalletId), toAddress, amount }, params });
      } else {
        withKey.mutate({ body: { privateKey: source.privateKey.trim(), toAddress, amount }, params });
      }
    },
  };
}
