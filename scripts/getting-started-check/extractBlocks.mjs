// Prints the runnable blocks of a Markdown file as JSON lines, in order:
//   ```sh run            -> { "kind": "run", "code": "…" }
//   ```ts file=a/b.ts    -> { "kind": "file", "path": "a/b.ts", "code": "…" }
// Other blocks (output shown to the reader, snippets) are left alone.
import { readFileSync } from "node:fs";

const text = readFileSync(process.argv[2], "utf8");
const fence = /^```([^\n]*)\n([\s\S]*?)^```\s*$/gm;
for (const [, info, code] of text.matchAll(fence)) {
  const words = info.trim().split(/\s+/);
  const file = words.find((word) => word.startsWith("file="));
  if (file) {
    const path = file.slice("file=".length);
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(`file=${path}: a path inside the newcomer's folder, please`);
    }
    console.log(JSON.stringify({ kind: "file", path, code }));
  } else if (words[0] === "sh" && words.includes("run")) {
    console.log(JSON.stringify({ kind: "run", code }));
  }
}
