// @ts-check
/**
 * The first API read of a page opened by its URL, started while the panel's JavaScript is still
 * loading: a plain script in index.html's head, run before the app's bundle has been fetched and
 * evaluated, so that the read and the bundle travel side by side instead of one after the other.
 * The app's API client takes this answer for its first identical request (same URL, same token)
 * instead of asking again (src/api/earlyResponse.ts); an answer nobody takes within 30 s is
 * dropped. Only pages whose first read follows from the URL alone are listed.
 */
(() => {
  const base = "/panel/";
  /** @type {[RegExp, (id: string) => string][]} */
  const routes = [
    [/^tx\/(0x[0-9a-fA-F]{64})$/, (hash) => `/chain/transactions/${hash}`],
    [/^blocks\/([0-9]+|0x[0-9a-fA-F]{64})$/, (id) => `/chain/blocks/${id}`],
    [/^address\/(0x[0-9a-fA-F]{40})$/, (address) => `/chain/addresses/${address}`],
  ];
  const { pathname } = window.location;
  if (!pathname.startsWith(base)) return;
  const route = pathname.slice(base.length);
  for (const [pattern, toPath] of routes) {
    const match = pattern.exec(route);
    if (!match) continue;
    /** @type {string | null} */
    let token = null;
    try {
      // The key the panel keeps the admin token under (src/auth/tokenStore.ts).
      token = sessionStorage.getItem("privnet.adminToken");
    } catch {
      // Storage off: no token, as the app will find.
    }
    const authorization = token ? `Bearer ${token}` : null;
    const url = `${window.location.origin}${toPath(/** @type {string} */ (match[1]))}`;
    const response = fetch(url, authorization ? { headers: { Authorization: authorization } } : {});
    // Taken or not, a failed read must not surface as an unhandled rejection.
    response.catch(() => undefined);
    Object.defineProperty(window, "__privnetEarlyRead", {
      value: { url, authorization, response, startedAt: Date.now() },
      configurable: true,
    });
    return;
  }
})();
