import {
  type AdminCallAudit,
  type ChainPolicySettings,
  isPublicMethod,
  presentedToken,
  tokenName,
} from "./chainPolicy.js";
import type { ClockCall } from "./createDevnetClock.js";
import { atRootPath, pathOf } from "./httpFraming.js";
import { refuseCalls } from "./relayRefusal.js";
import type { RelayLink, RelayRequest } from "./relayTypes.js";

/** EIP-1193's "unauthorized": viem reads it as an `UnauthorizedProviderError`. */
export const UNAUTHORIZED = 4100;

export type MethodPolicyLinkOptions = Pick<ChainPolicySettings, "tokens" | "serviceToken"> & {
  /** Told of every admin call let through (not the service token's). */
  audit(entry: AdminCallAudit): void;
};

/**
 * The chain port's method policy: public methods for anyone, admin methods (see
 * `isPublicMethod`) only with a token — `Authorization: Bearer <token>` or the URL's last path
 * segment (`http://host:8545/<token>`, for wallets that send no headers; a WebSocket's is its
 * handshake's). A request with an admin call and no valid token is refused whole — nothing of it
 * reaches anvil — each call with an error naming the method, why, and how to authorise (a batch's
 * public calls say they were not run). A token segment in the path is taken off before anvil (it
 * answers `/` only).
 *
 * @example
 * composeRelay([holdGate.wait, methodPolicyLink({ tokens: { admin: "s3cret" }, serviceToken: "privnet", audit }), …]);
 */
export function methodPolicyLink(options: MethodPolicyLinkOptions): RelayLink {
  const { tokens, serviceToken, audit } = options;
  // Without a token besides the services' own, every method is open (loopback default): the link
  // only takes token segments off paths (privnet's own clients may use one).
  const guarded = Object.keys(tokens).some((name) => name !== serviceToken);
  return {
    name: "method policy",
    // Every call is judged: every body is parsed (its cost: see the bench rpc_policy_vs_relay).
    reads: [""],
    handle(request, next) {
      const forAnvil = withoutTokenPath(request);
      if (!guarded) return next(forAnvil);
      let admin: ClockCall | undefined;
      for (const call of request.calls)
        if (!isPublicMethod(call.method)) {
          admin = call;
          break;
        }
      if (!admin) return next(forAnvil);
      const given = presentedToken(request.head);
      const name = tokenName(tokens, given);
      if (name === undefined) return Promise.resolve(refuse(request, admin, given !== undefined));
      if (name !== serviceToken)
        for (const call of request.calls)
          if (!isPublicMethod(call.method))
            audit({ method: call.method, client: request.connection.remoteAddress, token: name });
      return next(forAnvil);
    },
  };
}

/** anvil answers `/` only: a request to `/<token>` goes on as one to `/` (a WebSocket's frames as they are). */
function withoutTokenPath(request: RelayRequest): RelayRequest {
  if (request.transport !== "http" || pathOf(request.head) === "/") return request;
  return { ...request, bytes: atRootPath(request.bytes) };
}

const HOW =
  "send privnet's admin token as an Authorization: Bearer <token> header, or as the URL's last path segment (http://<host>:<port>/<token>)";

function refuse(request: RelayRequest, first: ClockCall, wrongToken: boolean) {
  const why = wrongToken ? "the token given is not privnet's admin token" : "no token was given";
  return refuseCalls(
    request,
    (call) =>
      isPublicMethod(call.method)
        ? undefined
        : {
            code: UNAUTHORIZED,
            message: `${call.method} is an admin method of this chain and ${why}: ${HOW}.`,
            data: { method: call.method, reason: wrongToken ? "wrong token" : "no token" },
          },
    {
      code: UNAUTHORIZED,
      message: `not run: the batch also holds the admin method ${first.method} and ${why}; send public calls in a batch of their own, or ${HOW}.`,
      data: { method: first.method, reason: "batch with an admin call" },
    },
  );
}
