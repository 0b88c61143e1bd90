import { useDevnet } from "@privnet/devnet/vitest";
import {
  blobsToCommitments,
  blobsToProofs,
  bytesToHex,
  createPublicClient,
  type Hex,
  http,
  toBlobs,
} from "viem";
import { describe, expect, test } from "vitest";
import { prepareBlobs } from "../sender/prepareBlobs.js";
import { computeBlobProofs } from "./computeBlobProofs.js";
import { KzgWorker, kzgWorker } from "./KzgWorker.js";
import { KZG_ENV, loadKzg } from "./loadKzg.js";

const devnet = useDevnet();

/** `count` whole blobs of random data (getRandomValues fills at most 65,536 bytes a call). */
function randomBlobs(count: number): Hex[] {
  return Array.from({ length: count }, () => {
    const data = crypto.getRandomValues(new Uint8Array(60_000));
    return toBlobs({ data: bytesToHex(data) })[0] as Hex;
  });
}

/**
 * Records the event loop's longest stall: a 10 ms ticker and the largest gap past its period.
 * `stop()` waits for the ticker's next tick, which is what records a stall that has just ended.
 */
function loopStalls() {
  const period = 10;
  let last = performance.now();
  let longest = 0;
  let ticked: (() => void) | undefined;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - period);
    last = now;
    ticked?.();
  }, period);
  return {
    async stop(): Promise<number> {
      await new Promise<void>((resolve) => {
        ticked = resolve;
      });
      clearInterval(timer);
      return longest;
    },
  };
}

/** The commitments and proofs computed here, in the test's own thread, and how long that took. */
async function inThread(blobs: Hex[]) {
  const kzg = await loadKzg();
  const started = performance.now();
  const commitments = blobsToCommitments({ blobs, kzg });
  const proofs = blobsToProofs({ blobs, commitments, kzg });
  return { commitments, proofs, ms: performance.now() - started };
}

describe("KzgWorker", () => {
  test("prepareBlobs leaves the event loop free: three sends of 6 blobs each, the backend loaded cold in the thread, never hold it for a quarter of what the same proofs take in this thread", async () => {
    const batches = [randomBlobs(6), randomBlobs(6), randomBlobs(6)];
    // The reference, measured on this machine under its present load: the 18 blobs' proofs computed
    // in this thread, the way prepareBlobs did before (native: 125–220 ms a blob on 2 loaded cores,
    // 2.3–3.9 s for 18; the backend's load, another ~4.6 s, is left out of the bound). Through the
    // thread the loop's longest delay was 40–150 ms (the thread's start, decoding the blobs'
    // hex, a loaded machine keeping this process off a core); without it, 2.8 s. A quarter of the
    // in-thread time (~0.6–1 s) leaves that noise room several times over, and a loop held by any
    // of the blobs' proofs still fails.
    const expected = await Promise.all(batches.map((blobs) => inThread(blobs)));
    const inThreadMs = expected.reduce((sum, { ms }) => sum + ms, 0);

    const client = createPublicClient({ transport: http(devnet.rpcUrl) });
    const stalls = loopStalls();
    const prepared = await Promise.all(batches.map((blobs) => prepareBlobs({ client }, { blobs })));
    const maxDelayMs = await stalls.stop();

    prepared.forEach(({ sidecars }, i) => {
      expect(sidecars.map((sidecar) => sidecar.commitment)).toEqual(expected[i]?.commitments);
      expect(sidecars.map((sidecar) => sidecar.proof)).toEqual(expected[i]?.proofs);
    });
    expect(
      maxDelayMs,
      `longest event-loop delay, against ${inThreadMs.toFixed(0)} ms in-thread`,
    ).toBeLessThan(inThreadMs / 4);
    expect(kzgWorker.status).toBe("running");
  }, 120_000);

  test("a thread that stops while it owes an answer rejects the call with a clear error; the next call starts a new thread", async () => {
    const worker = new KzgWorker();
    const [first, second] = randomBlobs(2) as [Hex, Hex];
    const expected = await inThread([second]);
    await expect(worker.prove([first])).resolves.toBeDefined();
    expect(worker.status).toBe("running");

    const owed = worker.prove([second]);
    await worker.close();
    await expect(owed).rejects.toThrow(
      /^The KZG worker thread stopped \(exit code 1\) before it answered; the next blob transaction starts a new one\.$/,
    );
    expect(worker.status).toBe("stopped");

    const again = await computeBlobProofs({ blobs: [second], worker });
    expect(again).toEqual({ commitments: expected.commitments, proofs: expected.proofs });
    expect(worker.status).toBe("running");
    await worker.close();
  }, 120_000);

  test("PRIVNET_KZG and `prefer` choose the thread's backend: the pure-JavaScript one there gives the native bytes; an unknown one is refused", async () => {
    const worker = new KzgWorker();
    const blobs = randomBlobs(1);
    const expected = await inThread(blobs);
    await expect(computeBlobProofs({ blobs, worker, prefer: "js" })).resolves.toEqual({
      commitments: expected.commitments,
      proofs: expected.proofs,
    });
    process.env[KZG_ENV] = "js";
    try {
      await expect(worker.prove(blobs)).resolves.toMatchObject({ backend: "js" });
    } finally {
      delete process.env[KZG_ENV];
    }
    await expect(worker.prove(blobs)).resolves.toMatchObject({ backend: "native" });
    await expect(worker.prove(blobs, { prefer: "fast" as never })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
    });
    await worker.close();
  }, 120_000);

  test("a thread that cannot start: the proofs are computed in this thread, and no thread is tried again", async () => {
    const worker = new KzgWorker({ source: "throw new Error('no threads here');" });
    const blobs = randomBlobs(1);
    const expected = await inThread(blobs);
    await expect(worker.prove(blobs)).resolves.toBeUndefined();
    expect(worker.status).toBe("unavailable");
    const computed = await computeBlobProofs({ blobs, worker });
    expect(computed).toEqual({ commitments: expected.commitments, proofs: expected.proofs });
    expect(worker.status).toBe("unavailable");
  });
});
