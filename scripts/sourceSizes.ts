// Lists the source files over 400 lines and the functions over 120 in packages/*/src: a reader
// should be able to hold a file or a function in one sitting. Generated files, the storage
// conformance suites, tests and browser tests are left out. A factory that returns its methods
// counts as one function (its methods are counted too). `pnpm check:sizes` prints the offenders
// and exits 1 when there is one; `test/structure/sourceSizes.test.ts` runs the same check.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The files measured: tracked (or new, not ignored) sources of every package. */
export function measuredFiles(root = repo): string[] {
  const listed = execFileSync(
    "git",
    [
      "ls-files",
      "--cached",
      "--others",
      "--exclude-standard",
      "--",
      "packages/*/src/**.ts",
      "packages/*/src/**.tsx",
    ],
    { cwd: root, encoding: "utf8" },
  );
  return listed
    .split("\n")
    .filter(
      (file) =>
        file !== "" &&
        !/\.test(-d)?\.tsx?$/.test(file) &&
        !/\.generated\.|\/generated\.ts$/.test(file) &&
        !file.includes("/storage/conformance/") &&
        !file.includes("/e2e/"),
    );
}

export type SizeOffence = {
  kind: "file" | "function";
  file: string;
  line: number;
  name: string;
  lines: number;
};

/** Every file over {@link MAX_FILE_LINES} lines and every function over {@link MAX_FUNCTION_LINES}. */
export function findSizeOffences(root = repo): SizeOffence[] {
  const offences: SizeOffence[] = [];
  for (const file of measuredFiles(root)) {
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines > MAX_FILE_LINES) offences.push({ kind: "file", file, line: 1, name: "", lines });
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.end).line;
        const length = end - start + 1;
        if (length > MAX_FUNCTION_LINES) {
          offences.push({ kind: "function", file, line: start + 1, name: functionName(node), lines: length });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return offences;
}

function functionName(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  return "(anonymous)";
}

export function describeOffence(offence: SizeOffence): string {
  return offence.kind === "file"
    ? `${offence.file}: ${offence.lines} lines (at most ${MAX_FILE_LINES})`
    : `${offence.file}:${offence.line} ${offence.name}: ${offence.lines} lines (at most ${MAX_FUNCTION_LINES})`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const offences = findSizeOffences();
  for (const offence of offences) console.log(describeOffence(offence));
  console.log(
    offences.length === 0 ? "every file and function within its size" : `${offences.length} over their size`,
  );
  process.exitCode = offences.length === 0 ? 0 : 1;
}
