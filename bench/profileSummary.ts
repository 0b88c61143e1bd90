/**
 * Where a CPU profile's time went, by layer: each sample's own function (self time) is put in the
 * first layer whose rule matches its script, so the layers add up to the profile's whole span.
 * Reads a `.cpuprofile` (from `node --cpu-prof`, or `bench:admin --cpu-profile`).
 *
 *   pnpm exec tsx bench/profileSummary.ts send.cpuprofile              # the table of layers
 *   pnpm exec tsx bench/profileSummary.ts send.cpuprofile --top 40     # and the 40 dearest functions
 *   pnpm exec tsx bench/profileSummary.ts send.cpuprofile --requests 1000  # and µs per request
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The layers, first match wins: [name, test on the script's URL and function name]. */
const layers: [string, (url: string, name: string) => boolean][] = [
  ["idle (waiting for I/O)", (_url, name) => name === "(idle)"],
  ["garbage collection", (_url, name) => name === "(garbage collector)"],
  ["idempotency", (url) => url.includes("/express-adapter/src/idempotency/")],
  ["metrics (prom-client)", (url) => url.includes("/prom-client/") || url.includes("/src/metrics/")],
  ["request logs and ids", (url) => url.includes("/pino") || url.includes("/observe/observeRequests")],
  ["zod validation (input and answer)", (url) => url.includes("/zod/") || url.includes("/validation/")],
  ["the route and its answer's mapping", (url) => /\/express-adapter\/src\/(routes|schemas)\//.test(url)],
  ["privnet's HTTP toolkit (router, body reading)", (url) => url.includes("/packages/http/src/")],
  [
    "express 5, router, body-parser",
    (url) =>
      /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(express|router|body-parser|raw-body|type-is|content-type|media-typer|iconv-lite|on-finished|finalhandler|statuses|http-errors|depd|debug|qs|mime-types|mime-db|accepts|negotiator|proxy-addr|forwarded|ipaddr\.js|parseurl|path-to-regexp|encodeurl|escape-html|etag|fresh|range-parser|setprototypeof|safe-buffer|content-disposition|cookie|cookie-signature|vary|merge-descriptors|utils-merge|methods|send|serve-static|ms|bytes|unpipe|ee-first|toidentifier|inherits)\//.test(
        url,
      ),
  ],
  ["wallet lookup", (url) => url.includes("/core/src/wallets/")],
  [
    "signing (libsecp256k1, keccak, RLP)",
    (url) =>
      url.includes("/core/src/signing/") ||
      url.includes("/secp256k1/") ||
      url.includes("/@noble/") ||
      url.includes("/viem/_esm/utils/encoding/") ||
      url.includes("/viem/_esm/utils/hash/") ||
      url.includes("/viem/_esm/accounts/") ||
      url.includes("/viem/_esm/utils/transaction/"),
  ],
  ["storage (memory / sqlite adapter)", (url) => url.includes("/storage") && url.includes("/src/")],
  [
    "watcher (following and settling)",
    (url) =>
      /\/core\/src\/(sender\/(TransactionWatcher|watcher|Settler|ReceiptScanner|followed|settled)|chain\/|explorer\/)/.test(
        url,
      ),
  ],
  ["the sender (queue, nonce, records, submit)", (url) => url.includes("/core/src/")],
  ["viem JSON-RPC client", (url) => url.includes("/viem/")],
  ["undici (JSON-RPC requests to the node)", (url) => url.includes("node:internal/deps/undici")],
  [
    "node's HTTP server and sockets",
    (url) =>
      /^node:(_http_|internal\/http|net|internal\/net|internal\/stream|stream|internal\/streams|internal\/js_stream)/.test(
        url,
      ),
  ],
  ["node's other internals (timers, events, promises)", (url) => url.startsWith("node:")],
  ["V8 and native code without a script", (url) => url === ""],
  ["everything else", () => true],
];

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "0" }, requests: { type: "string" } },
});
const file = positionals[0];
if (!file) {
  console.error("usage: tsx bench/profileSummary.ts <file.cpuprofile> [--top N] [--requests N]");
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Each sample's time is the delta to the next one (the last one gets the mean).
const selfUs = new Map<number, number>();
const spanUs = profile.endTime - profile.startTime;
const meanUs = spanUs / Math.max(1, profile.samples.length);
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index + 1] ?? meanUs;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});
const layerUs = new Map<string, number>(layers.map(([name]) => [name, 0]));
const functionUs = new Map<string, number>();
for (const [id, us] of selfUs) {
  const { url, functionName, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
  const layer = layers.find(([, test]) => test(url, functionName))?.[0] as string;
  layerUs.set(layer, (layerUs.get(layer) ?? 0) + us);
  const shortUrl = url
    .replace(/^.*\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, "")
    .replace(/^.*\/packages\//, "");
  const key = `${functionName || "(anonymous)"}  ${shortUrl}:${lineNumber + 1}  [${layer}]`;
  functionUs.set(key, (functionUs.get(key) ?? 0) + us);
}
const total = [...layerUs.values()].reduce((sum, us) => sum + us, 0);
const busy = total - (layerUs.get("idle (waiting for I/O)") ?? 0);
const requests = args.requests === undefined ? undefined : Number(args.requests);
console.log(
  `${file}: ${(spanUs / 1e6).toFixed(2)} s profiled, ${profile.samples.length} samples, busy ${((busy / total) * 100).toFixed(1)} %`,
);
const header = `| layer | share of the span | share of busy time |${requests ? " µs per request |" : ""}`;
console.log(`\n${header}\n|${" --- |".repeat(requests ? 4 : 3)}`);
for (const [name, us] of [...layerUs].sort((a, b) => b[1] - a[1])) {
  if (us === 0) continue;
  const ofBusy = name.startsWith("idle") ? "—" : `${((us / busy) * 100).toFixed(1)} %`;
  const perRequest = requests ? ` ${(us / requests).toFixed(0)} |` : "";
  console.log(`| ${name} | ${((us / total) * 100).toFixed(1)} % | ${ofBusy} |${perRequest}`);
}
const top = Number(args.top);
if (top > 0) {
  console.log(`\nthe ${top} functions with the most self time:`);
  for (const [key, us] of [...functionUs].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(2).padStart(6)} %  ${key}`);
  }
}
