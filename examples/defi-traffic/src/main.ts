// `npm start`: a throwaway devnet at 2 s blocks, DeFi-like traffic on it, a crash and its
// liquidations, what happened printed, the chain stopped.
import { startDevnet } from "@privnet/devnet";
import { runDefiTraffic } from "./runDefiTraffic.js";

await using devnet = await startDevnet({ port: 0, blockTime: 2 });
const report = await runDefiTraffic(devnet.rpcUrl, { log: (line) => console.log(line) });
console.log(JSON.stringify(report, null, 2));
