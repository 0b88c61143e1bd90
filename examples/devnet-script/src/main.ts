// `npm start`: a throwaway devnet, a scripted scenario on it, what happened printed, the chain stopped.
import { startDevnet } from "@privnet/devnet";
import { runScenario } from "./runScenario.js";
import { sendOnce } from "./sendOnce.js";

await using devnet = await startDevnet({ port: 0, blockTime: 0 });
const sent = await sendOnce(devnet, "1.5");
console.log(`sent 1.5 ETH to ${sent.to}: balance ${sent.balance} ETH at block ${sent.blockNumber}`);
const report = await runScenario(devnet, { blocks: 5, log: (line) => console.log(line) });
console.log(JSON.stringify(report, null, 2));
