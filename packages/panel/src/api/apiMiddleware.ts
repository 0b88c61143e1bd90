import type { Middleware } from "openapi-fetch";
import { tokenStore } from "../auth/tokenStore";
import { ApiError } from "./ApiError";

/**
 * What every call of the panel goes through: the admin token when there is one, a 401 turned into
 * the token prompt, and any failure thrown as an {@link ApiError} with the API's own message.
 */
export function apiMiddleware(api: string): Middleware {
  return {
    onRequest({ request }) {
      const { token } = tokenStore.get();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      if (response.status === 401) tokenStore.refused(request.headers.get("Authorization") ?? undefined);
      throw await ApiError.fromResponse(response, api);
    },
    onError({ error }) {
      // A cancelled request (the page moved on) is not a failure to show.
      if (error instanceof DOMException && error.name === "AbortError") return error;
      const reason = error instanceof Error ? error.message : String(error);
      return new ApiError(0, undefined, `The ${api} did not answer (${reason}). Is privnet still running?`);
    },
  };
}
