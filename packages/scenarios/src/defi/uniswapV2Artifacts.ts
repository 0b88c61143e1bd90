import type { Abi, Hex } from "viem";

/** One compiled contract as the Uniswap packages publish it: its ABI and creation bytecode. */
export type UniswapV2Artifact = { abi: Abi; bytecode: Hex };

/** The Uniswap V2 contracts the `uniswap-v2` scenario deploys (and the pair the factory creates). */
export type UniswapV2Artifacts = {
  factory: UniswapV2Artifact;
  pair: UniswapV2Artifact;
  router: UniswapV2Artifact;
  weth: UniswapV2Artifact;
};

let loaded: Promise<UniswapV2Artifacts> | undefined;

/**
 * The compiled Uniswap V2 factory and pair (`@uniswap/v2-core` 1.0.1), router and WETH9
 * (`@uniswap/v2-periphery` 1.1.0-beta.0), read from the packages' `build/*.json` as published.
 * Loaded on first use, so that a platform that never starts the scenario does not parse them.
 *
 * @example
 * const { factory } = await loadUniswapV2Artifacts();
 * const data = encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode, args: [feeToSetter] });
 */
export function loadUniswapV2Artifacts(): Promise<UniswapV2Artifacts> {
  loaded ??= (async () => {
    const [factory, pair, router, weth] = await Promise.all([
      import("@uniswap/v2-core/build/UniswapV2Factory.json", { with: { type: "json" } }),
      import("@uniswap/v2-core/build/UniswapV2Pair.json", { with: { type: "json" } }),
      import("@uniswap/v2-periphery/build/UniswapV2Router02.json", { with: { type: "json" } }),
      import("@uniswap/v2-periphery/build/WETH9.json", { with: { type: "json" } }),
    ]);
    return {
      factory: toArtifact(factory.default),
      pair: toArtifact(pair.default),
      router: toArtifact(router.default),
      weth: toArtifact(weth.default),
    };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

function toArtifact(json: { abi: unknown; bytecode: string }): UniswapV2Artifact {
  // Waffle's build files hold the bytecode without the 0x prefix.
  const bytecode = (json.bytecode.startsWith("0x") ? json.bytecode : `0x${json.bytecode}`) as Hex;
  return { abi: json.abi as Abi, bytecode };
}
