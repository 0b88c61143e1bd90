import { ArtifactsUnreadableError } from "../../errors/explorer.js";
import type { ArtifactFile } from "./parseArtifactFiles.js";

/** Folders a build tree never keeps artifacts in. */
const SKIPPED = new Set(["node_modules", ".git", "cache"]);

/**
 * Every `.json` file under `folder`, with its path relative to it. `node:fs` is imported here, on
 * the call, so that core still loads where there is no file system (a browser, a worker).
 */
export async function readArtifactFolder(folder: string): Promise<ArtifactFile[]> {
  const { readdir, readFile } = await import("node:fs/promises");
  const { join, relative } = await import("node:path");
  const files: ArtifactFile[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) await walk(path);
      } else if (entry.isFile() && entry.name.endsWith(".json")) {
        files.push({ path: relative(folder, path), contents: await readFile(path, "utf8") });
      }
    }
  };
  try {
    await walk(folder);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === "ENOENT" ? "no such folder" : code === "ENOTDIR" ? "not a folder" : (error as Error).message;
    throw new ArtifactsUnreadableError(folder, reason);
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
