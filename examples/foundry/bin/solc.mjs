#!/usr/bin/env node
// solc for forge, from the npm package `solc` (the compiler built to JavaScript): forge downloads
// native compilers from GitHub, which this machine cannot reach. forge asks a compiler two things,
// `--version` and a compilation in standard JSON on stdin (its other flags only set import paths;
// forge puts every source in the JSON itself), and this answers both.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const solc = require("solc");
const args = process.argv.slice(2);

if (args.includes("--version")) {
  console.log(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}`);
} else if (args.includes("--standard-json")) {
  let input = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(solc.compile(input));
} else {
  console.error(`solc.mjs answers --version and --standard-json only (got: ${args.join(" ")})`);
  process.exit(2);
}
