// One devnet per Vitest worker, started before the run and stopped after it.
export { setup } from "@privnet/devnet/vitest";
