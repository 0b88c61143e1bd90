import type { Worker } from "node:worker_threads";
import type { Hex } from "viem";
import { type WorkerCalls, workerCalls } from "../workers/workerCalls.js";
import { type KzgThreadMethods, kzgWorkerSource } from "./kzgWorkerSource.js";
import { type KzgBackendName, kzgPreference, type LoadKzgOptions, selectKzg } from "./loadKzg.js";

/** Each blob's KZG commitment and proof, in the blobs' order, and the backend that made them. */
export type KzgProofs = { commitments: Uint8Array[]; proofs: Uint8Array[]; backend: KzgBackendName };

/** One thread and the calls to it; `exited` is set once it is gone. */
type Thread = {
  worker: Worker;
  calls: WorkerCalls<KzgThreadMethods>;
  /** The backend each preference settled on in this thread (loading one takes seconds). */
  chosen: Map<KzgBackendName, Promise<KzgBackendName>>;
  exited: Error | undefined;
};

type KzgWorkerState =
  | { status: "stopped" }
  /** Until its first answer. */
  | { status: "starting"; thread: Thread }
  | { status: "running"; thread: Thread }
  | { status: "unavailable"; reason: string };

const transitions: Record<KzgWorkerState["status"], readonly KzgWorkerState["status"][]> = {
  stopped: ["starting", "unavailable"],
  starting: ["running", "stopped", "unavailable"],
  running: ["stopped"],
  unavailable: [],
};

/** The thread never came up: the calls it had are computed in the caller's thread instead. */
class KzgWorkerStartError extends Error {
  override name = "KzgWorkerStartError";
}

const BYTES = 48;

/**
 * A worker thread that loads the KZG backend once and computes blob commitments and proofs off the
 * caller's event loop (loading the native backend takes seconds, one blob's proof about 0.1 s
 * native and 1 s in JavaScript). Started on the first call and unreferenced while it has nothing
 * to do, so it never keeps a process alive. A thread that dies rejects what it was asked with an
 * error that says so, and the next call starts a new one. Where `node:worker_threads` is missing
 * or the thread cannot start, {@link KzgWorker.prove} answers `undefined` and the caller computes
 * in its own thread.
 */
export class KzgWorker {
  #state: KzgWorkerState = { status: "stopped" };
  readonly #source: string;

  /** `source`: the worker's script (tests give a broken one to see the fallback). */
  constructor(options: { source?: string } = {}) {
    this.#source = options.source ?? kzgWorkerSource;
  }

  get status(): KzgWorkerState["status"] {
    return this.#state.status;
  }

  /**
   * Commitments and proofs of `blobs` from the backend `options` prefers (`PRIVNET_KZG`, else
   * native; JavaScript where native does not load, as {@link loadKzg}), or `undefined` where no
   * worker thread can run here.
   */
  async prove(blobs: readonly Hex[], options: LoadKzgOptions = {}): Promise<KzgProofs | undefined> {
    const prefer = kzgPreference(options);
    const thread = await this.#thread();
    if (!thread) return undefined;
    try {
      const backend = await this.#backend(thread, prefer);
      const bytes = blobs.map(blobBytes);
      const results = await thread.calls.call(
        "prove",
        { backend, blobs: bytes },
        bytes.map((blob) => blob.buffer as ArrayBuffer),
      );
      if (!results) throw new Error("The KZG worker thread answered without results.");
      return {
        commitments: blobs.map((_, i) => results.slice(2 * i * BYTES, (2 * i + 1) * BYTES)),
        proofs: blobs.map((_, i) => results.slice((2 * i + 1) * BYTES, (2 * i + 2) * BYTES)),
        backend,
      };
    } catch (error) {
      if (error instanceof KzgWorkerStartError) return undefined;
      throw error;
    }
  }

  /** Stops the thread now; calls in flight reject as they would if it crashed. */
  async close(): Promise<void> {
    const state = this.#state;
    if (state.status === "starting" || state.status === "running") await state.thread.worker.terminate();
  }

  #transition(to: KzgWorkerState): void {
    if (!transitions[this.#state.status].includes(to.status)) {
      throw new Error(`KzgWorker: no transition from ${this.#state.status} to ${to.status}`);
    }
    this.#state = to;
  }

  async #thread(): Promise<Thread | undefined> {
    const state = this.#state;
    if (state.status === "starting" || state.status === "running") return state.thread;
    if (state.status === "unavailable") return undefined;
    let Worker: typeof import("node:worker_threads").Worker;
    try {
      ({ Worker } = await import("node:worker_threads"));
    } catch (error) {
      return this.#unavailable(error);
    }
    // Another call may have started one meanwhile.
    if (this.#state.status !== "stopped") return this.#thread();
    let worker: Worker;
    try {
      worker = new Worker(this.#source, { eval: true, workerData: { resolveFrom: import.meta.url } });
    } catch (error) {
      return this.#unavailable(error);
    }
    // Referenced while it owes an answer (a script that awaits a blob send is not cut short),
    // unreferenced otherwise. A thread that dies rejects what it was asked with why.
    const calls = workerCalls<KzgThreadMethods>(worker, {
      unrefWhenIdle: true,
      goneError: (code, failure) => this.#exited(thread, code, failure),
    });
    const thread: Thread = { worker, calls, chosen: new Map(), exited: undefined };
    // Running once it has answered: a script that throws at once is a thread that did not start.
    worker.on("message", () => {
      if (this.#state.status === "starting" && this.#state.thread === thread)
        this.#transition({ status: "running", thread });
    });
    this.#transition({ status: "starting", thread });
    return thread;
  }

  /** Why `thread` is gone, which its calls reject with; the worker's status follows. */
  #exited(thread: Thread, code: number | undefined, failure: Error | undefined): Error {
    const started = this.#state.status === "running";
    const cause = failure ?? new Error(`exit code ${code}`);
    thread.exited = started
      ? new Error(
          `The KZG worker thread stopped (${failure ? failure.message : `exit code ${code}`}) before it answered; the next blob transaction starts a new one.`,
          { cause },
        )
      : new KzgWorkerStartError(`The KZG worker thread did not start: ${cause.message}`, { cause });
    if (this.#state.status !== "stopped" && "thread" in this.#state && this.#state.thread === thread) {
      if (started) this.#transition({ status: "stopped" });
      else this.#transition({ status: "unavailable", reason: thread.exited.message });
    }
    return thread.exited;
  }

  #unavailable(error: unknown): undefined {
    const reason = error instanceof Error ? error.message : String(error);
    this.#transition({ status: "unavailable", reason });
    return undefined;
  }

  /** The backend `prefer` settles on in `thread`: the same order and errors as {@link loadKzg}. */
  async #backend(thread: Thread, prefer: KzgBackendName): Promise<KzgBackendName> {
    let chosen = thread.chosen.get(prefer);
    if (!chosen) {
      const load = (backend: KzgBackendName) => async () => {
        await thread.calls.call("load", { backend });
        return backend;
      };
      chosen = selectKzg(prefer, { native: load("native"), js: load("js") }).catch((error: unknown) => {
        // A thread that died while loading says so, rather than "no backend loads here".
        throw thread.exited ?? error;
      });
      chosen.catch(() => thread.chosen.delete(prefer));
      thread.chosen.set(prefer, chosen);
    }
    return chosen;
  }
}

/**
 * A blob's bytes in a buffer of their own, to transfer to the thread. Node's hex decoding, not
 * viem's `hexToBytes`: ~0.3 ms a blob against ~3.5, which for 18 blobs held the loop for 60 ms.
 */
function blobBytes(blob: Hex): Uint8Array {
  const decoded = Buffer.from(blob.slice(2), "hex");
  // Node pools small buffers; a blob is far above that size, but a shared buffer must not move.
  if (decoded.byteOffset === 0 && decoded.byteLength === decoded.buffer.byteLength) return decoded;
  return new Uint8Array(decoded);
}

/** The process's one KZG worker thread, shared by every platform. */
export const kzgWorker = new KzgWorker();
