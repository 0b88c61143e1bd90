// One anvil per Vitest worker for the repo's own tests; see @privnet/devnet/vitest.
export { setup } from "@privnet/devnet/vitest";
