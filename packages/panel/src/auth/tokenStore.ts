import { useSyncExternalStore } from "react";

/**
 * The admin token: asked for on the first 401 and kept in `sessionStorage`, so it lasts for this
 * browser tab's session and no longer.
 */
export type TokenState = {
  token: string | undefined;
  /** Why the panel must ask: no token was sent, or the one sent was refused. */
  prompt: "needed" | "refused" | undefined;
};

const STORAGE_KEY = "privnet.adminToken";
const listeners = new Set<() => void>();
let state: TokenState = { token: readStored(), prompt: undefined };

function readStored(): string | undefined {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    // Storage can be off (privacy settings): the token then lasts until the page reloads.
    return undefined;
  }
}

function update(next: TokenState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: (): TokenState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A request answered 401: ask for a token, or for another one when `sent` was refused. */
  refused(sent: string | undefined): void {
    const prompt = sent ? "refused" : "needed";
    if (state.prompt !== prompt) update({ ...state, prompt });
  },
  save(token: string): void {
    try {
      sessionStorage.setItem(STORAGE_KEY, token);
    } catch {
      // Kept in memory only (see readStored).
    }
    update({ token, prompt: undefined });
  },
};

/** The token state, re-rendering on change. */
export function useTokenState(): TokenState {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}
