import type { GuardedContext } from "../context/OperationGuard.js";
import { type DeployCreate2Parameters, deployCreate2 } from "./deployCreate2.js";
import type { SenderContext } from "./SenderContext.js";
import { type SendFromWalletParameters, sendFromWallet } from "./sendFromWallet.js";
import { type SendTransactionParameters, sendTransaction } from "./sendTransaction.js";
import { type SendWithKeyParameters, sendWithKey } from "./sendWithKey.js";

/** What `platform.sender` needs: the nonce managers, the signers and the watcher. */
export type SenderActionsContext = GuardedContext & SenderContext;

/** `platform.sender`: every way to put a transaction on chain, all through the nonce managers. */
export function senderActions(ctx: SenderActionsContext) {
  return {
    /** Sends ETH from a stored wallet; answers once the node has it (pending). See {@link sendFromWallet}. */
    sendFromWallet: (params: SendFromWalletParameters) => ctx.guard(() => sendFromWallet(ctx, params)),
    /** Sends ETH from a private key and waits for its confirmation. See {@link sendWithKey}. */
    sendWithKey: (params: SendWithKeyParameters) => ctx.guard(() => sendWithKey(ctx, params)),
    /** Any transaction (call, deployment, transfer) through the nonce manager; see {@link sendTransaction}. */
    sendTransaction: (params: SendTransactionParameters) => ctx.guard(() => sendTransaction(ctx, params)),
    /** Deploys with CREATE2 through the deterministic factory, at an address known up front; see {@link deployCreate2}. */
    deployCreate2: (params: DeployCreate2Parameters) => ctx.guard(() => deployCreate2(ctx, params)),
  };
}

/** The operations of `platform.sender`. */
export type SenderActions = ReturnType<typeof senderActions>;
