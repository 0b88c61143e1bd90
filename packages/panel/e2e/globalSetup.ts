// Vitest global setup of the panel's tests (and of the CLI's, whose `privnet up` serves the
// panel): build the app when there is no build or its sources changed, so that `npm test` on a
// fresh clone needs no `pnpm run build` first.
import { buildApp } from "../scripts/buildApp.js";

export async function setup(): Promise<void> {
  await buildApp({ ifStale: true, log: (line) => console.info(line) });
}
