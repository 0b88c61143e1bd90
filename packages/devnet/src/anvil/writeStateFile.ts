import { createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

/** What one state write did. */
export type StateFileWrite = {
  /** Bytes of the state file written (anvil's JSON, as `--load-state` reads it). */
  bytes: number;
  /** Milliseconds from the request to the file in place. */
  ms: number;
};

/** Where the state is read from: anvil's `anvil_dumpState` answer, as a byte stream. */
export type StateDumpSource = () => Promise<Readable>;

/**
 * The temporary file a write goes to before it is renamed over `statePath`. A file left with this
 * name is an unfinished write (the process died before the rename): never loaded, removed at start.
 */
export function stateTempPath(statePath: string): string {
  return `${statePath}.writing`;
}

/**
 * anvil's own dump as it exits (`--dump-state`): written here, in place and not atomically (anvil
 * truncates and writes the target), and moved over `statePath` only once anvil exited cleanly.
 */
export function stateExitPath(statePath: string): string {
  return `${statePath}.exiting`;
}

/**
 * Asks anvil at `url` for its state (`anvil_dumpState`; with `preserveHistoricalStates`, the
 * window's historical states too) and answers the body as a stream, without holding it whole.
 */
export function anvilStateDump(url: string, preserveHistoricalStates: boolean): StateDumpSource {
  return async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "anvil_dumpState",
        params: [preserveHistoricalStates],
      }),
    });
    if (!response.ok || !response.body) throw new Error(`anvil_dumpState answered HTTP ${response.status}`);
    return Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  };
}

/**
 * Writes the chain's state to `statePath` atomically: anvil's dump (gzip, hex in a JSON-RPC
 * answer) is decoded as it streams into a temporary file beside it, flushed to disk, and renamed
 * over `statePath`. A crash, a kill or a broken answer at any point before the rename leaves the
 * previous file whole — the rename is the only moment the file changes — and an incomplete dump
 * never gets that far: gzip's end check and the answer's closing quote must both be seen.
 *
 * @example
 * const { bytes, ms } = await writeStateFile(anvilStateDump(anvil.url, false), "/srv/.privnet/chain-state.json");
 */
export async function writeStateFile(source: StateDumpSource, statePath: string): Promise<StateFileWrite> {
  const started = performance.now();
  const temp = stateTempPath(statePath);
  try {
    const body = await source();
    await pipeline(body, new DumpAnswerDecoder(), createGunzip(), createWriteStream(temp));
    const file = await open(temp, "r+");
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    const { size } = await stat(temp);
    await rename(temp, statePath);
    await syncFolder(dirname(statePath));
    return { bytes: size, ms: Math.round(performance.now() - started) };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Makes a rename in `folder` durable; where folders cannot be opened (Windows) the rename stands as it is. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here: nothing more to do.
  }
}

const RESULT_PREFIX = '"result":"0x';
/** Characters of a JSON-RPC answer kept to find the result in, or to quote an error from. */
const HEAD_LIMIT = 4096;

/**
 * Turns `{"jsonrpc":"2.0","id":1,"result":"0x1f8b…"}` into the bytes of the hex string, chunk by
 * chunk (a large state's answer is hundreds of MB: never held as one string). An answer without a
 * result (anvil's error) fails with its first characters; one that ends before the closing quote
 * fails as incomplete.
 */
class DumpAnswerDecoder extends Transform {
  #head = "";
  #inResult = false;
  #closed = false;
  #odd = "";

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let text = chunk.toString("latin1");
    if (!this.#inResult) {
      this.#head += text;
      const at = this.#head.indexOf(RESULT_PREFIX);
      if (at === -1) {
        if (this.#head.length > HEAD_LIMIT)
          callback(new Error(`anvil_dumpState: ${this.#head.slice(0, 300)}`));
        else callback();
        return;
      }
      this.#inResult = true;
      text = this.#head.slice(at + RESULT_PREFIX.length);
      this.#head = "";
    }
    if (this.#closed) {
      callback();
      return;
    }
    const quote = text.indexOf('"');
    if (quote !== -1) {
      this.#closed = true;
      text = text.slice(0, quote);
    }
    text = this.#odd + text;
    const even = text.length - (text.length % 2);
    this.#odd = text.slice(even);
    callback(null, Buffer.from(text.slice(0, even), "hex"));
  }

  override _flush(callback: TransformCallback) {
    if (!this.#inResult) callback(new Error(`anvil_dumpState: ${this.#head.slice(0, 300) || "no answer"}`));
    else if (!this.#closed || this.#odd) callback(new Error("anvil_dumpState: the answer ended early"));
    else callback();
  }
}
