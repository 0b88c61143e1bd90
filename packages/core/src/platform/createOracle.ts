import { formatEther } from "viem";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { connectPlatformContracts } from "../contracts/connectPlatformContracts.js";
import { PriceSimulator } from "../oracle/PriceSimulator.js";
import { PushLoop } from "../oracle/PushLoop.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { type SendTransactionParameters, sendTransaction } from "../sender/sendTransaction.js";
import { sendWithKey } from "../sender/sendWithKey.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";

/**
 * The platform's contracts (deployed or reused when first needed), the price simulator that
 * pushes to them and its push loop; every write goes through the platform's sender.
 */
export function createOracle(ctx: SenderContext, options: AnyCreatePlatformOptions) {
  const { chain, client, head, storage, events } = ctx;
  const send = (params: SendTransactionParameters) => sendTransaction(ctx, params);
  const contracts = connectPlatformContracts({
    chain,
    transport: options.transport,
    client,
    storage,
    options: typeof options.contracts === "object" ? options.contracts : undefined,
    send,
    // The owner and the updater get their ETH from a system account, through its nonce manager.
    async fund(to, amount) {
      const [funder] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.funder]);
      await sendWithKey(ctx, {
        privateKey: (funder as { privateKey: string }).privateKey,
        to,
        amount: formatEther(amount),
        source: "funding",
      });
    },
  });
  const { autoStart: _, ...oracleOptions } = options.oracle ?? {};
  const oracle = new PriceSimulator({ client, head, storage, events, contracts, send }, oracleOptions);
  return { contracts, oracle, pushLoop: new PushLoop(oracle) };
}
