/** Buckets kept before full, idle ones are let go. */
const PRUNE_AT = 10_000;

/**
 * A token bucket per key (a client address): `burst` requests at once, refilled at `perSecond`.
 * `take(key)` answers 0 when a request may go, or the seconds until one may.
 *
 * @example
 * const limiter = rateLimiter({ perSecond: 500, burst: 1000 });
 * const wait = limiter.take("127.0.0.2"); // 0: go; else Retry-After
 */
export function rateLimiter(options: { perSecond: number; burst: number; now?: () => number }) {
  const { perSecond, burst } = options;
  const now = options.now ?? (() => performance.now());
  const buckets = new Map<string, { tokens: number; at: number }>();
  const prune = (at: number) => {
    for (const [key, bucket] of buckets)
      if (bucket.tokens + ((at - bucket.at) / 1000) * perSecond >= burst) buckets.delete(key);
  };
  return {
    take(key: string): number {
      const at = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= PRUNE_AT) prune(at);
        bucket = { tokens: burst, at };
        buckets.set(key, bucket);
      } else {
        bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
        bucket.at = at;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return (1 - bucket.tokens) / perSecond;
    },
  };
}
