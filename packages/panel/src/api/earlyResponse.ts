/** What public/early.js leaves on `window` when the opened page's first read is under way. */
type EarlyRead = {
  url: string;
  authorization: string | null;
  response: Promise<Response>;
  startedAt: number;
};

/** An answer nobody took within this long is not used: the page may have moved on. */
const EARLY_READ_TTL_MS = 30_000;

/**
 * The API client's `fetch`: its first GET that matches the read public/early.js started (the
 * same URL and the same token) gets that read's answer, once; everything else goes to the
 * network. An early read that failed is asked again here, so that the client sees the failure
 * (or the success) of its own request.
 *
 * @example
 * const client = createClient<paths>({ baseUrl: window.location.origin, fetch: fetchWithEarlyRead });
 */
export async function fetchWithEarlyRead(request: Request, init?: RequestInit): Promise<Response> {
  const early = takeEarlyRead(request);
  if (early) {
    const response = await early.catch(() => undefined);
    if (response) return response;
  }
  return globalThis.fetch(request, init);
}

function takeEarlyRead(request: Request): Promise<Response> | undefined {
  const holder = window as unknown as { __privnetEarlyRead?: EarlyRead };
  const early = holder.__privnetEarlyRead;
  if (!early || request.method !== "GET") return undefined;
  if (Date.now() - early.startedAt > EARLY_READ_TTL_MS) {
    delete holder.__privnetEarlyRead;
    return undefined;
  }
  if (early.url !== request.url || early.authorization !== request.headers.get("Authorization"))
    return undefined;
  delete holder.__privnetEarlyRead;
  return early.response;
}
