import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach } from "vitest";

// Runs the `privnet` command from source in a child process, as a user runs it: tsx compiles it,
// the "source" condition resolves the workspace packages to their TypeScript.

const bin = fileURLToPath(new URL("../bin/privnet.ts", import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;

export type PrivnetProcess = {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output (fails if the process exits first). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

const running = new Set<ChildProcess>();
afterEach(() => {
  // A test that failed midway must not leave its stack running.
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  running.clear();
});

export function runPrivnet(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): PrivnetProcess {
  const env = { ...process.env, ...options.env };
  // The parent's test token or settings must not leak into the child unless a test sets them.
  for (const name of [
    "PRIVNET_ADMIN_TOKEN",
    "PRIVNET_ORACLE_TOKEN",
    "PRIVNET_ALLOWED_HOSTS",
    "PRIVNET_CORS_ORIGINS",
    "PORT",
    "ORACLE_PORT",
    "PRIVNET_CHAIN_PORT",
    "PRIVNET_RPC_URL",
    "PRIVNET_STORAGE",
    "PRIVNET_DATA_DIR",
    "PRIVNET_LOG_FORMAT",
    "PRIVNET_TLS",
    "PRIVNET_TLS_CERT",
    "PRIVNET_TLS_KEY",
    "PRIVNET_TLS_NAMES",
  ]) {
    if (!options.env || !(name in options.env)) delete env[name];
  }
  const child = spawn(process.execPath, ["--conditions=source", "--import", tsxLoader, bin, ...args], {
    cwd: options.cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            listeners.delete(check);
            resolve(match);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (listeners.has(check)) {
            listeners.delete(check);
            reject(new Error(`privnet exited (${code}) before printing ${pattern}:\n${text}`));
          }
        });
      });
    },
  };
}

/** The URLs `privnet up` printed, by label. */
export function printedUrls(output: string): Record<string, string> {
  const urls: Record<string, string> = {};
  const section = output.slice(output.indexOf("privnet is up:"));
  for (const match of section.matchAll(/^ {2}(\S.*?)\s{2,}((?:https?|wss?):\/\/\S+)$/gm)) {
    if (match[1] && match[2]) urls[match[1]] = match[2];
  }
  return urls;
}
