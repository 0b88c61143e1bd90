import { createPlatform } from "@privnet/core";
import { createAdminServer } from "@privnet/express-adapter";
import { type Address, type Hex, http } from "viem";

/**
 * What `privnet up` gives a tool on the chain at `rpcUrl`: the platform's contracts and its admin
 * API (on a free loopback port), for the tests to read a system key and the feeds' addresses from,
 * as a user does with curl.
 */
export async function privnetUp(rpcUrl: string) {
  const platform = await createPlatform({ transport: http(rpcUrl), contracts: true });
  try {
    await platform.contracts.get();
    const admin = await createAdminServer(platform, { port: 0, logger: false });
    return {
      adminUrl: admin.url,
      /** The platform itself, for what a test does as the SDK's user. */
      platform,
      /** Stops the admin API, then the platform. */
      async close() {
        await admin.close();
        await platform.close();
      },
    };
  } catch (error) {
    await platform.close();
    throw error;
  }
}

/** `GET /wallets/:id` of the admin API: a system wallet's address and private key. */
export async function systemKey(
  adminUrl: string,
  id: number,
): Promise<{ address: Address; privateKey: Hex }> {
  const response = await fetch(`${adminUrl}/wallets/${id}`);
  if (!response.ok) throw new Error(`GET /wallets/${id} answered ${response.status}`);
  const wallet = (await response.json()) as { address: Address; private_key: Hex };
  return { address: wallet.address, privateKey: wallet.private_key };
}

/** `GET /contracts` of the admin API: the address of the contract called `name` ("ETH / USD"). */
export async function contractAddress(adminUrl: string, name: string): Promise<Address> {
  const response = await fetch(`${adminUrl}/contracts`);
  if (!response.ok) throw new Error(`GET /contracts answered ${response.status}`);
  const { contracts } = (await response.json()) as { contracts: { name: string; address: Address }[] };
  const found = contracts.find((contract) => contract.name === name);
  if (!found) throw new Error(`GET /contracts lists no "${name}"`);
  return found.address;
}
