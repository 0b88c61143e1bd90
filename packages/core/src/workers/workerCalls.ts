import type { TransferListItem } from "node:worker_threads";

/**
 * Calls between a thread and its owner over a `Worker` or a `MessagePort` (the thread's
 * `parentPort`): a request goes with an id, its answer (or its error) comes back with that id.
 * Both sides may call and answer. This module imports nothing, so that a worker thread loads it
 * alone (`@privnet/core/internal/workers`).
 */

/** The methods one side answers, as functions of one parameter: what the other side may call. */
// biome-ignore lint/suspicious/noExplicitAny: a method's parameter is checked where it is declared
export type WorkerMethods = { [method: string]: (params: any) => unknown };

/** A `Worker` (the owner's side) or a `MessagePort` such as `parentPort` (the thread's). */
export type WorkerEndpoint = {
  postMessage(message: unknown, transfer?: readonly TransferListItem[]): void;
  on(event: "message", listener: (message: unknown) => void): unknown;
  /** A `Worker`'s end (`exit`, with its code), its failure (`error`); a port's end (`close`). */
  on(event: "exit" | "error" | "close", listener: (value?: unknown) => void): unknown;
  ref?(): void;
  unref?(): void;
};

/** How one side answers the methods `Ours` declares: at once or with a promise. */
export type WorkerAnswers<Ours extends WorkerMethods> = {
  [Method in keyof Ours]: (
    params: Parameters<Ours[Method]>[0],
  ) => Awaited<ReturnType<Ours[Method]>> | Promise<Awaited<ReturnType<Ours[Method]>>>;
};

export type WorkerCallsOptions<Ours extends WorkerMethods> = {
  /** What this side answers; a method missing here is answered with an error that says so. */
  answers?: WorkerAnswers<Ours>;
  /**
   * For a `Worker`: unreferenced while no call waits for its answer, so that the thread never
   * keeps the process alive on its own, and referenced while one does.
   */
  unrefWhenIdle?: boolean;
  /**
   * The error every waiting call (and every later one) rejects with once the other side is gone:
   * the thread exited (`exitCode`, and the `failure` it threw, if any) or the port closed.
   */
  goneError?(exitCode: number | undefined, failure: Error | undefined): Error;
};

export type WorkerCalls<Theirs extends WorkerMethods> = {
  /**
   * Calls `method` on the other side: resolves with what it answered, rejects with the error it
   * threw (its message, `name` and `code` kept) or, once the other side is gone, with `goneError`.
   */
  call<Method extends keyof Theirs & string>(
    method: Method,
    params: Parameters<Theirs[Method]>[0],
    transfer?: readonly TransferListItem[],
  ): Promise<Awaited<ReturnType<Theirs[Method]>>>;
  /** Calls waiting for their answer. */
  readonly waiting: number;
  /** Why the other side is gone; undefined while it is there. */
  readonly gone: Error | undefined;
  /** Keeps a `Worker` referenced from now until it exits: a stop the process must wait for. */
  keepAlive(): void;
};

type CallMessage = { call: string; id: number; params: unknown };
type AnswerMessage = {
  answer: number;
  result?: unknown;
  error?: { message: string; name?: string; code?: unknown };
};

/**
 * Connects one side of a thread's messages. Messages that are not calls or answers (another
 * protocol on the same port) are left to other listeners.
 *
 * @example
 * // the owner
 * const worker = new Worker(url);
 * const thread = workerCalls<{ prove(blobs: Uint8Array[]): Uint8Array }>(worker, { unrefWhenIdle: true });
 * const proofs = await thread.call("prove", blobs);
 * // the thread
 * workerCalls(parentPort, { answers: { prove: (blobs: Uint8Array[]) => computeProofs(blobs) } });
 */
export function workerCalls<Theirs extends WorkerMethods, Ours extends WorkerMethods = WorkerMethods>(
  endpoint: WorkerEndpoint,
  options: WorkerCallsOptions<Ours> = {},
): WorkerCalls<Theirs> {
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let gone: Error | undefined;
  let failure: Error | undefined;
  let keptAlive = false;
  const idle = () => {
    if (options.unrefWhenIdle && !keptAlive && pending.size === 0) endpoint.unref?.();
  };

  const answer = async ({ call, id, params }: CallMessage) => {
    let reply: AnswerMessage;
    try {
      const method = options.answers?.[call] as ((params: unknown) => unknown) | undefined;
      if (!method) throw new Error(`this thread answers no call "${call}"`);
      reply = { answer: id, result: await method(params) };
    } catch (error) {
      reply = { answer: id, error: errorMessage(error) };
    }
    if (!gone) endpoint.postMessage(reply);
  };
  const end = (exitCode: number | undefined) => {
    if (gone) return;
    gone = options.goneError?.(exitCode, failure) ?? goneDefault(exitCode, failure);
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  };

  endpoint.on("message", (message) => {
    if (isCall(message)) void answer(message);
    else if (isAnswer(message)) {
      const waiting = pending.get(message.answer);
      if (!waiting) return;
      pending.delete(message.answer);
      idle();
      if (message.error) waiting.reject(errorFrom(message.error));
      else waiting.resolve(message.result);
    }
  });
  endpoint.on("error", (error) => {
    failure = error instanceof Error ? error : new Error(String(error));
  });
  endpoint.on("exit", (code) => end(typeof code === "number" ? code : undefined));
  endpoint.on("close", () => end(undefined));
  // After the listeners: a port's `message` listener references it.
  idle();

  return {
    call(method, params, transfer = []) {
      if (gone) return Promise.reject(gone);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (options.unrefWhenIdle && pending.size === 0) endpoint.ref?.();
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        endpoint.postMessage({ call: method, id, params } satisfies CallMessage, transfer);
      });
    },
    get waiting() {
      return pending.size;
    },
    get gone() {
      return gone;
    },
    keepAlive() {
      keptAlive = true;
      endpoint.ref?.();
    },
  };
}

const isCall = (message: unknown): message is CallMessage =>
  typeof message === "object" && message !== null && typeof (message as CallMessage).call === "string";
const isAnswer = (message: unknown): message is AnswerMessage =>
  typeof message === "object" && message !== null && typeof (message as AnswerMessage).answer === "number";

/** An error as it crosses to the other thread: its message, and its name and code if it has them. */
function errorMessage(error: unknown): NonNullable<AnswerMessage["error"]> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    message: error.message,
    ...(error.name !== "Error" ? { name: error.name } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

function errorFrom({ message, name, code }: NonNullable<AnswerMessage["error"]>): Error {
  const error = new Error(message);
  if (name) error.name = name;
  if (code !== undefined) Object.assign(error, { code });
  return error;
}

function goneDefault(exitCode: number | undefined, failure: Error | undefined): Error {
  const why = failure
    ? failure.message
    : exitCode === undefined
      ? "its port closed"
      : `exit code ${exitCode}`;
  return new Error(
    `The worker thread is gone (${why}) before it answered.`,
    failure ? { cause: failure } : {},
  );
}
