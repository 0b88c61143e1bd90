// Typed ABIs and creation bytecode of privnet's contracts, generated from contracts/ by
// `pnpm generate` (@wagmi/cli). Do not edit generated.ts by hand: CI checks it is up to date.
export * from "../contracts/generated.js";
