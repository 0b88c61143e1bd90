// Typed ABIs and creation bytecode of privnet's contracts (generated from contracts/ by
// `pnpm generate` with @wagmi/cli: do not edit generated.ts by hand, CI checks it is up to date),
// and the helpers that deploy and wire them.
export * from "../contracts/index.js";
