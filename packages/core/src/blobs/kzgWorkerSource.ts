import type { KzgBackendName } from "./loadKzg.js";
import { jsModule, jsSetupModule, nativeModule } from "./loadKzg.js";

/**
 * What the thread answers, in `workerCalls`' messages: `load` loads one backend (`native` or
 * `js`, as {@link loadNativeKzg} and {@link loadJsKzg} do; it stays loaded); `prove` computes each
 * blob's commitment and proof: 48 bytes of commitment then 48 of proof per blob, in one
 * transferred buffer.
 */
export type KzgThreadMethods = {
  load(params: { backend: KzgBackendName }): void;
  prove(params: { backend: KzgBackendName; blobs: Uint8Array[] }): Uint8Array;
};

/**
 * What the KZG worker thread runs, as a script (`new Worker(source, { eval: true })`): the same
 * code whether privnet runs from its TypeScript sources (tests, through Vitest's aliases) or from
 * the built package, since no file of privnet's own has to be found. It imports nothing of privnet,
 * only the KZG packages, resolved from `workerData.resolveFrom` (the URL of the module that starts
 * the thread) as that module's own imports would be.
 *
 * It answers the calls of {@link KzgThreadMethods} as `workerCalls` sends them (`{ call, id,
 * params }` in; `{ answer: id, result }` or `{ answer: id, error: { message } }` out), written
 * out here because the script can load nothing of privnet's.
 */
export const kzgWorkerSource = `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");

const packages = createRequire(workerData.resolveFrom);
const importPackage = (name) => import(pathToFileURL(packages.resolve(name)).href);

const loaders = {
  async native() {
    const loaded = await importPackage(${JSON.stringify(nativeModule)});
    const Context = loaded.DasContextJs ?? loaded.default?.DasContextJs;
    if (!Context) throw new Error(${JSON.stringify(`${nativeModule} has no DasContextJs`)});
    const context = Context.create({ usePrecomp: true });
    return {
      commitment: (blob) => context.blobToKzgCommitment(blob),
      proof: (blob, commitment) => context.computeBlobKzgProof(blob, commitment),
    };
  },
  async js() {
    const [{ KZG }, { trustedSetup }] = await Promise.all([
      importPackage(${JSON.stringify(jsModule)}),
      importPackage(${JSON.stringify(jsSetupModule)}),
    ]);
    const kzg = new KZG(trustedSetup);
    const hex = (bytes) => "0x" + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
    const bytes = (text) => Buffer.from(text.slice(2), "hex");
    return {
      commitment: (blob) => bytes(kzg.blobToKzgCommitment(hex(blob))),
      proof: (blob, commitment) => bytes(kzg.computeBlobProof(hex(blob), hex(commitment))),
    };
  },
};

const backends = new Map();
function backend(name) {
  let loading = backends.get(name);
  if (!loading) {
    const load = loaders[name];
    if (!load) return Promise.reject(new Error("unknown KZG backend " + JSON.stringify(name)));
    loading = load();
    // A failure is not kept: the package may be installed before the next try.
    loading.catch(() => backends.delete(name));
    backends.set(name, loading);
  }
  return loading;
}

const SIZE = 48;
parentPort.on("message", async ({ call, id, params }) => {
  try {
    const kzg = await backend(params.backend);
    if (call === "load") return parentPort.postMessage({ answer: id });
    if (call !== "prove") throw new Error("this thread answers no call " + JSON.stringify(call));
    const results = new Uint8Array(params.blobs.length * 2 * SIZE);
    params.blobs.forEach((blob, index) => {
      const commitment = kzg.commitment(blob);
      results.set(commitment, index * 2 * SIZE);
      results.set(kzg.proof(blob, commitment), (index * 2 + 1) * SIZE);
    });
    parentPort.postMessage({ answer: id, result: results }, [results.buffer]);
  } catch (error) {
    parentPort.postMessage({ answer: id, error: { message: error instanceof Error ? error.message : String(error) } });
  }
});
`;
