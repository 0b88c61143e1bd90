/**
 * Load from a process of its own, the way a user's load generator (k6, a shell loop, another
 * service) reaches the admin API: autocannon, keep-alive connections, a fixed number of requests
 * in flight, a fixed number of requests in all. Its CPU is not the server's event loop's.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type LoadFromOutsideOptions = {
  url: string;
  method?: "GET" | "POST";
  /** A JSON body, sent with `Content-Type: application/json`. */
  body?: string;
  /** Requests in all; or, instead, `seconds` of load. */
  requests?: number;
  seconds?: number;
  /** Connections, each with one request in flight (no pipelining): the concurrency. */
  connections: number;
  /** At most this many requests a second over all connections (a steady load, not the most it takes). */
  rate?: number;
};

export type LoadResult = {
  /** Requests answered 2xx per second, over autocannon's own run (its start-up left out). */
  rate: number;
  /** Requests answered, and how many of them were not 2xx, or failed at the socket. */
  total: number;
  non2xx: number;
  errors: number;
  /** Latency percentiles in ms, as autocannon measured them (1 ms resolution). */
  latencyP50: number;
  latencyP99: number;
};

const require = createRequire(import.meta.url);

/** autocannon's command-line entry, resolved from its own package (no shell, no PATH). */
function autocannonCli() {
  return join(dirname(require.resolve("autocannon/package.json")), "autocannon.js");
}

/**
 * Runs autocannon as a child process against `url` and answers its throughput and latency.
 *
 * @example
 * const { rate } = await loadFromOutside({ url: `${admin.url}/send`, method: "POST", body, requests: 1000, connections: 64 });
 */
export function loadFromOutside(options: LoadFromOutsideOptions): Promise<LoadResult> {
  const { url, method = "GET", body, requests, seconds, connections, rate } = options;
  const args = [
    autocannonCli(),
    "--json",
    "--no-progress",
    ...(requests === undefined ? ["--duration", String(seconds ?? 10)] : ["--amount", String(requests)]),
    ...(rate === undefined ? [] : ["--overallRate", String(rate)]),
    "--connections",
    String(connections),
    "--method",
    method,
    "--timeout",
    "60",
    // autocannon ends its run (and its clock) on the sample tick after the last answer: every
    // second by default, which would round a 0.5 s run up to 1 s.
    "--sampleInt",
    "10",
  ];
  if (body !== undefined) args.push("--headers", "content-type=application/json", "--body", body);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited with ${code}: ${stderr.trim()}`));
        return;
      }
      try {
        const result = JSON.parse(stdout) as {
          duration: number;
          "2xx": number;
          non2xx: number;
          errors: number;
          timeouts: number;
          requests: { total: number };
          latency: { p50: number; p99: number };
        };
        resolve({
          rate: result["2xx"] / result.duration,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          latencyP50: result.latency.p50,
          latencyP99: result.latency.p99,
        });
      } catch (error) {
        reject(
          new Error(`autocannon's answer is not its JSON report: ${stdout.slice(0, 200)}`, { cause: error }),
        );
      }
    });
  });
}
