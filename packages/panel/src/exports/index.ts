import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The path the panel is built for: the admin server serves it there (`vite build` base). */
export const PANEL_BASE_PATH = "/panel";

/**
 * The folder with the built panel (`index.html` and `assets/`), for a server to serve as static
 * files with `index.html` as the fallback for deep links. The same path from the TypeScript source
 * and from the published build: both sit two levels below the package root.
 *
 * @example
 * app.use("/panel", express.static(panelDir));
 */
export const panelDir: string = fileURLToPath(new URL("../../dist/app/", import.meta.url));

/**
 * Whether {@link panelDir} holds a build. False in a source checkout before
 * `pnpm --filter @privnet/panel build`; a published package always ships one.
 *
 * @example
 * if (!isPanelBuilt()) console.warn("the admin panel is not built");
 */
export function isPanelBuilt(): boolean {
  return existsSync(`${panelDir}index.html`);
}
