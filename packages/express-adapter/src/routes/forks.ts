import {
  type ChainForks,
  ForksUnavailableError,
  forkOptionsSchema,
  MAX_FORK_TTL_SECONDS,
} from "@privnet/core";
import { defineRoute } from "@privnet/http";
import type { Request, RequestHandler } from "express";
import { forkBody, forkIdParams, forkList, toForkBody } from "../schemas/forks.js";

const tag = "forks";
const localsKey = "privnetForks";

/**
 * Hands the routes below the server's fork pool (the admin router's `forks` option): each request
 * carries it in `response.locals`, so that two routers of one platform can serve two pools.
 */
export function provideForks(forks: ChainForks | undefined): RequestHandler {
  return (_request, response, next) => {
    response.locals[localsKey] = forks;
    next();
  };
}

function forksOf(request: Request): ChainForks {
  const forks = request.res?.locals[localsKey] as ChainForks | undefined;
  if (!forks)
    throw new ForksUnavailableError("this server was started without a fork pool (the embedded devnet's)");
  return forks;
}

const unavailable = {
  409: "The server has no fork pool: it was started without the embedded devnet's (FORKS_UNAVAILABLE).",
};

export const listForks = defineRoute({
  method: "get",
  path: "/forks",
  operationId: "listForks",
  summary: "The running throwaway forks",
  description: "Each with its own JSON-RPC URL, the block it started from and when it expires.",
  tag,
  response: forkList,
  errors: {},
  async handler({ request }) {
    const forks = request.res?.locals[localsKey] as ChainForks | undefined;
    return {
      available: forks !== undefined,
      limit: forks?.limit ?? 0,
      forks: (forks?.list() ?? []).map(toForkBody),
    };
  },
});

export const createFork = defineRoute({
  method: "post",
  path: "/forks",
  operationId: "createFork",
  summary: "Start a throwaway fork of the chain",
  description: `A node of its own, forked from the chain at \`block\` (default: the head), answering on its own loopback URL with privnet's chain id and funded system accounts; its sends never reach the chain. It is stopped and removed after \`ttlSeconds\` (at most ${MAX_FORK_TTL_SECONDS}), when deleted, and with the stack. Answers once the fork answers JSON-RPC. The body is optional.`,
  tag,
  body: { schema: forkOptionsSchema, required: false },
  response: forkBody,
  successStatus: 201,
  errors: {
    400: "A setting of the wrong type or out of range, or a block beyond the head or older than the state the chain keeps (VALIDATION_FAILED, FORK_INVALID).",
    409: "As many forks as allowed already run (FORK_LIMIT_REACHED), or the server has no fork pool (FORKS_UNAVAILABLE).",
    500: "The fork node did not start (DEVNET_START_FAILED).",
  },
  async handler({ request, body }) {
    return toForkBody(await forksOf(request).create(body));
  },
});

export const getFork = defineRoute({
  method: "get",
  path: "/forks/:id",
  operationId: "getFork",
  summary: "One running throwaway fork",
  tag,
  params: forkIdParams,
  response: forkBody,
  errors: {
    400: "`id` is malformed.",
    404: "No running fork has this id: it may have expired (FORK_NOT_FOUND).",
    ...unavailable,
  },
  async handler({ request, params }) {
    return toForkBody(forksOf(request).get(params.id));
  },
});

export const deleteFork = defineRoute({
  method: "delete",
  path: "/forks/:id",
  operationId: "deleteFork",
  summary: "Stop a throwaway fork",
  description: "Answers once its node has stopped; it leaves the list.",
  tag,
  params: forkIdParams,
  response: forkBody,
  errors: {
    400: "`id` is malformed.",
    404: "No running fork has this id: it may have expired (FORK_NOT_FOUND).",
    ...unavailable,
  },
  async handler({ request, params }) {
    return toForkBody(await forksOf(request).remove(params.id));
  },
});

/** The routes of throwaway forks. */
export const forkRoutes = [listForks, createFork, getFork, deleteFork] as const;
