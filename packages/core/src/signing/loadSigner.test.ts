import { afterEach, describe, expect, test } from "vitest";
import { loadSigner, SIGNER_ENV, type SignerLoaders, selectSigner } from "./loadSigner.js";
import { loadNativeSigner } from "./nativeSigner.js";
import { nobleSigner } from "./nobleSigner.js";
import type { SignerBackend, SignerBackendName } from "./SignerBackend.js";
import { loadWasmSigner } from "./wasmSigner.js";

/** The real loaders, with the names in `off` failing as a missing package would, and every call logged. */
function loaders(off: SignerBackendName[] = [], overrides: Partial<SignerLoaders> = {}) {
  const tried: SignerBackendName[] = [];
  const real: SignerLoaders = {
    native: loadNativeSigner,
    wasm: loadWasmSigner,
    noble: async () => nobleSigner,
  };
  const wrap = (name: SignerBackendName) => async (): Promise<SignerBackend> => {
    tried.push(name);
    if (off.includes(name)) throw new Error(`Cannot find package '${name}'`);
    return (overrides[name] ?? real[name])();
  };
  return { tried, loaders: { native: wrap("native"), wasm: wrap("wasm"), noble: wrap("noble") } };
}

describe("selectSigner: the fallback order", () => {
  test("native first when it loads", async () => {
    const { tried, loaders: all } = loaders();
    expect((await selectSigner("native", all)).name).toBe("native");
    expect(tried).toEqual(["native"]);
  });

  test("native missing: WASM", async () => {
    const { tried, loaders: all } = loaders(["native"]);
    expect((await selectSigner("native", all)).name).toBe("wasm");
    expect(tried).toEqual(["native", "wasm"]);
  });

  test("native and WASM missing: @noble", async () => {
    const { tried, loaders: all } = loaders(["native", "wasm"]);
    expect((await selectSigner("native", all)).name).toBe("noble");
    expect(tried).toEqual(["native", "wasm", "noble"]);
  });

  test("a preference for WASM never tries native; one for @noble tries nothing else", async () => {
    const wasm = loaders();
    expect((await selectSigner("wasm", wasm.loaders)).name).toBe("wasm");
    expect(wasm.tried).toEqual(["wasm"]);
    const noble = loaders();
    expect((await selectSigner("noble", noble.loaders)).name).toBe("noble");
    expect(noble.tried).toEqual(["noble"]);
  });

  test("a backend that signs differently from @noble is passed over", async () => {
    const wrong: SignerBackend = {
      name: "native",
      async sign(digest, key) {
        const signature = await nobleSigner.sign(digest, key);
        return { ...signature, yParity: signature.yParity === 1 ? 0 : 1 };
      },
    };
    const { loaders: all } = loaders([], { native: async () => wrong });
    expect((await selectSigner("native", all)).name).toBe("wasm");
  });

  test("an unknown preference is INVALID_OPTIONS", async () => {
    await expect(selectSigner("fast" as SignerBackendName, loaders().loaders)).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
    });
  });
});

describe("loadSigner", () => {
  const saved = process.env[SIGNER_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[SIGNER_ENV];
    else process.env[SIGNER_ENV] = saved;
  });

  test(`${SIGNER_ENV} caps the backend, and the choice is kept`, async () => {
    process.env[SIGNER_ENV] = "noble";
    const first = await loadSigner();
    expect(first.name).toBe("noble");
    expect(await loadSigner()).toBe(first);
    process.env[SIGNER_ENV] = "wasm";
    expect((await loadSigner()).name).toBe("wasm");
  });

  test(`a misspelt ${SIGNER_ENV} is INVALID_OPTIONS, not a silent fallback`, async () => {
    process.env[SIGNER_ENV] = "nobel";
    await expect(loadSigner()).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
  });
});
