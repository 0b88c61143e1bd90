// Run with `pnpm start` in this folder: starts a throwaway devnet, sends 1.5 ETH, stops.
import { startDevnet } from "@privnet/devnet";
import { sendOnce } from "./sendOnce.js";

const devnet = await startDevnet({ port: 0, blockTime: 0 });
try {
  const result = await sendOnce(devnet, "1.5");
  console.log(`sent 1.5 ETH to ${result.to}: balance ${result.balance} ETH at block ${result.blockNumber}`);
} finally {
  await devnet.stop();
}
