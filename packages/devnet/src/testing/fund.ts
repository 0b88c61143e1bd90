import type { Address } from "viem";
import { parseEther } from "viem";
import { getBalance, setBalance } from "viem/actions";
import type { AnvilTestClient } from "./AnvilTestClient.js";

export type FundParameters = {
  address: Address;
} & (
  | {
      /** ETH (decimal string) added to what the address holds. */
      amount: string;
      balance?: undefined;
    }
  | {
      /** ETH (decimal string) the address holds afterwards, whatever it held before. */
      balance: string;
      amount?: undefined;
    }
);

/**
 * Gives an address ETH out of thin air (`anvil_setBalance`): `amount` adds to its balance,
 * `balance` sets it. Returns the new balance in wei.
 *
 * @example
 * await fund(testClient, { address: alice, amount: "10" });   // 10 ETH more
 * await fund(testClient, { address: bob, balance: "0" });     // broke
 */
export async function fund(client: AnvilTestClient, params: FundParameters): Promise<bigint> {
  const value =
    params.balance !== undefined
      ? parseEther(params.balance)
      : (await getBalance(client, { address: params.address, blockTag: "latest" })) +
        parseEther(params.amount);
  await setBalance(client as never, { address: params.address, value });
  return value;
}
