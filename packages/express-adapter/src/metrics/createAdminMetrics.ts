import type { Platform } from "@privnet/core";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

export type AdminMetrics = ReturnType<typeof createAdminMetrics>;

/**
 * The admin API's Prometheus metrics, in a registry of their own (several routers can live in one
 * process). Block height and pending transactions are read when scraped.
 */
export function createAdminMetrics(platform: Platform) {
  const registry = new Registry();
  const requests = new Counter({
    name: "privnet_http_requests_total",
    help: "Admin API requests by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "privnet_http_request_duration_seconds",
    help: "Admin API request latency by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const sends = new Counter({
    name: "privnet_sends_total",
    help: "Transactions sent through the admin API, by route and outcome.",
    labelNames: ["route", "outcome"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "privnet_block_height",
    help: "Latest block number of the chain.",
    registers: [registry],
    async collect() {
      try {
        this.set(Number((await platform.network.info()).blockNumber));
      } catch {
        // Chain unreachable: leave the last value; privnet_chain_up says why.
      }
    },
  });
  new Gauge({
    name: "privnet_pending_transactions",
    help: "Transactions sent and not yet confirmed or failed (up to 1000).",
    registers: [registry],
    async collect() {
      const pending = await platform.storage.transactions.list({ limit: 1_000, status: "pending" });
      this.set(pending.length);
    },
  });
  return { registry, requests, duration, sends };
}
