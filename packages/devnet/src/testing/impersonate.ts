import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  custom,
  type PublicActions,
  publicActions,
  type Transport,
  type WalletClient,
} from "viem";
import { impersonateAccount, stopImpersonatingAccount } from "viem/actions";
import type { AnvilTestClient } from "./AnvilTestClient.js";

/**
 * Sends as any address without its key (`anvil_impersonateAccount`) for the length of `run`:
 * `run` gets a wallet client (with the public actions) whose account is `address`; impersonation
 * stops when `run` settles. The address pays gas: {@link fund} it first if it holds no ETH.
 *
 * @example
 * await impersonate(testClient, whale, async (wallet) => {
 *   const hash = await wallet.sendTransaction({ to: me, value: parseEther("1") });
 *   await wallet.waitForTransactionReceipt({ hash });
 * });
 */
export async function impersonate<T>(
  client: AnvilTestClient,
  address: Address,
  run: (wallet: ImpersonatedWalletClient) => Promise<T>,
): Promise<T> {
  const test = client as never;
  await impersonateAccount(test, { address });
  try {
    return await run(impersonatedWallet(client, address));
  } finally {
    await stopImpersonatingAccount(test, { address });
  }
}

function impersonatedWallet(client: AnvilTestClient, address: Address): ImpersonatedWalletClient {
  return createWalletClient({
    account: address,
    chain: client.chain,
    // The node signs for an impersonated account: requests go through the client's connection.
    transport: custom({ request: (args) => client.request(args) }),
    cacheTime: 0,
  }).extend(publicActions) as ImpersonatedWalletClient;
}

/** A wallet client that sends as the impersonated address, without its key; with the public actions. */
export type ImpersonatedWalletClient = WalletClient<Transport, Chain, Account> &
  PublicActions<Transport, Chain>;
