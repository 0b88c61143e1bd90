// Turns one `sh run` block (a JSON line from extractBlocks.mjs) into the script to execute: in
// every `npm install …` line, each `@privnet/<name>` argument becomes the path of its packed
// tarball in the given folder, and npm is kept quiet (no audit, no funding notes).
import { readdirSync } from "node:fs";
import { join } from "node:path";

const [line, folder] = process.argv.slice(2);
const { code } = JSON.parse(line);
const tarballs = readdirSync(folder).filter((file) => file.endsWith(".tgz"));

function tarballOf(name) {
  const base = name.replace(/^@/, "").replace("/", "-");
  const found = tarballs.find(
    (file) => file.startsWith(`${base}-`) && /^\d/.test(file.slice(base.length + 1)),
  );
  if (!found) throw new Error(`${name}: no tarball in ${folder}`);
  return join(folder, found);
}

const script = code
  .split("\n")
  .map((text) => {
    if (!/^\s*npm (install|i)\b/.test(text)) return text;
    const words = text
      .trim()
      .split(/\s+/)
      .map((word) => {
        const match = /^(@privnet\/[a-z0-9-]+)(@.*)?$/.exec(word);
        return match ? tarballOf(match[1]) : word;
      });
    return [...words, "--no-audit", "--no-fund", "--loglevel=error"].join(" ");
  })
  .join("\n");
process.stdout.write(`${script}\n`);
