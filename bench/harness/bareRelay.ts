import { Worker } from "node:worker_threads";

/**
 * The floor of any relay written for node in front of anvil: a thread of its own that copies
 * bytes between each client connection and a connection of its own to anvil, reading nothing —
 * what the devnet's clock relay does without its clock, faults, hold and removed logs. Its cost
 * against anvil direct is the one more socket hop each way (two reads and two writes a request),
 * which no code in the relay can take away.
 */
export type BareRelay = { url: string; close(): Promise<void> };

const source = `
const { connect, createServer } = require("node:net");
const { parentPort, workerData } = require("node:worker_threads");
const sockets = new Set();
const server = createServer((client) => {
  const upstream = connect({ host: "127.0.0.1", port: workerData.target });
  const end = () => { client.destroy(); upstream.destroy(); };
  for (const socket of [client, upstream]) {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on("error", end);
    socket.on("close", () => { sockets.delete(socket); end(); });
  }
  client.pipe(upstream);
  upstream.pipe(client);
});
server.listen({ host: "127.0.0.1", port: 0 }, () => parentPort.postMessage(server.address().port));
parentPort.on("message", () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => parentPort.close());
});
`;

/** Starts a bare relay to anvil's loopback `port`. */
export async function startBareRelay(target: number): Promise<BareRelay> {
  const worker = new Worker(source, { eval: true, workerData: { target } });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      worker.postMessage("close");
      const timer = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
