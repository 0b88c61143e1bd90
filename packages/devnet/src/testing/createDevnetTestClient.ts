import { privnet } from "@privnet/core";
import {
  type Chain,
  createTestClient,
  type HttpTransport,
  http,
  type PublicActions,
  publicActions,
  type TestClient,
} from "viem";

/**
 * viem's test client in anvil mode on a devnet, with the public actions (`getBalance`,
 * `getBlock`, …) for reading back what the test actions did.
 *
 * @example
 * const testClient = createDevnetTestClient(devnet);
 * await testClient.mine({ blocks: 10 });
 * await testClient.getBlockNumber();
 */
export function createDevnetTestClient(devnet: { rpcUrl: string; chain?: Chain }): DevnetTestClient {
  return createTestClient({
    mode: "anvil",
    chain: devnet.chain ?? privnet,
    transport: http(devnet.rpcUrl),
    // Test actions change the chain under the client: never answer from a cache.
    cacheTime: 0,
  }).extend(publicActions);
}

/** The client {@link createDevnetTestClient} returns: viem's test client (anvil) with the public actions. */
export type DevnetTestClient = TestClient<"anvil", HttpTransport, Chain> &
  PublicActions<HttpTransport, Chain>;
