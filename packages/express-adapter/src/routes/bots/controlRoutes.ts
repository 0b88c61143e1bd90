import { InvalidTrafficDocumentError } from "@privnet/core";
import { defineRoute, HttpError } from "@privnet/http";
import { z } from "zod";
import { botName } from "./botSchemas.js";
import {
  botControls,
  botGroup,
  botInstance,
  botScenario,
  createInstanceBody,
  groupName,
  reclaimResult,
  setGroupBody,
  trafficDocumentBody,
  trafficDocumentSchema,
  trafficImportResult,
  trafficValidation,
} from "./controlSchemas.js";

export const listBotScenarios = defineRoute({
  method: "get",
  path: "/bots/scenarios",
  operationId: "listBotScenarios",
  summary: "Every scenario, with the JSON Schema of its config",
  description: "The built-in and custom bots' scenarios, their defaults and the bots running each.",
  tag: "bots",
  response: z.array(botScenario),
  errors: {},
  handler: ({ platform }) => platform.bots.scenarios(),
});

export const createBotInstance = defineRoute({
  method: "post",
  path: "/bots/instances",
  operationId: "createBotInstance",
  summary: "Add an instance of a scenario under its own name",
  description:
    "The new bot has its own key, config and stats, is kept across restarts, and is started like any bot (`POST /bots/{name}/start`).",
  tag: "bots",
  body: { schema: createInstanceBody, required: true },
  response: botInstance,
  successStatus: 201,
  errors: {
    400: "A bad name or config (INVALID_BOT_CONFIG).",
    404: "No such scenario (BOT_NOT_FOUND).",
    409: "A bot by that name exists (BOT_EXISTS).",
  },
  async handler({ platform, body }) {
    const entry = await platform.bots.createInstance({
      scenario: body.scenario,
      name: body.name,
      config: body.config,
    });
    return { ...entry, bot: body.name };
  },
});

export const deleteBotInstance = defineRoute({
  method: "delete",
  path: "/bots/instances/:name",
  operationId: "deleteBotInstance",
  summary: "Stop and remove an instance",
  description: "Only instances can be removed; their stored stats stay.",
  tag: "bots",
  params: botName,
  response: z.object({ success: z.literal(true) }),
  errors: {
    400: "The bot is a scenario's own, not an instance (INVALID_BOT_CONFIG).",
    404: "No bot with that name (BOT_NOT_FOUND).",
  },
  async handler({ platform, params }) {
    await platform.bots.removeInstance(params.name);
    return { success: true as const };
  },
});

export const getBotControls = defineRoute({
  method: "get",
  path: "/bots/:name/controls",
  operationId: "getBotControls",
  summary: "A bot's throughput, wallet pool, group and auto-restart",
  description:
    "The throughput target it holds and what it measured, its pool's wallets, and its restart backoff.",
  tag: "bots",
  params: botName,
  response: botControls,
  errors: { 404: "No bot with that name (BOT_NOT_FOUND)." },
  handler: ({ platform, params }) => platform.bots.controls(params.name),
});

export const reclaimBotWallets = defineRoute({
  method: "post",
  path: "/bots/:name/reclaim",
  operationId: "reclaimBotWallets",
  summary: "Send a stopped bot's wallet pool funds back to the funder",
  description:
    "Each wallet sends its balance less a transfer's fee to the funder; the answer lists what moved. Takes no body.",
  tag: "bots",
  params: botName,
  response: reclaimResult,
  errors: {
    400: "The bot is running: stop it first (INVALID_BOT_CONFIG).",
    404: "No bot with that name (BOT_NOT_FOUND).",
  },
  async handler({ platform, params }) {
    const result = await platform.bots.reclaim(params.name);
    return {
      bot: params.name,
      funder: result.funder,
      reclaimed: result.reclaimed.map((entry) => ({ ...entry, amount: entry.amount.toString() })),
      total: result.total.toString(),
    };
  },
});

export const setBotGroup = defineRoute({
  method: "post",
  path: "/bots/groups/:group",
  operationId: "setBotGroup",
  summary: "Add or replace a group sharing one throughput budget by weight",
  description: "Give exactly one of txPerBlock and txPerSecond; `weights` names the members.",
  tag: "bots",
  params: groupName,
  body: { schema: setGroupBody, required: true },
  response: botGroup,
  errors: {
    400: "Neither or both budgets (INVALID_TRAFFIC_DOCUMENT), or a name that is not 1–40 lower-case letters, digits and dashes starting with a letter (VALIDATION_FAILED).",
    404: "A member that is no bot (BOT_NOT_FOUND).",
  },
  async handler({ platform, params, body }) {
    await platform.bots.setGroup({
      name: params.group,
      txPerBlock: body.txPerBlock,
      txPerSecond: body.txPerSecond,
      weights: body.weights,
    });
    return {
      name: params.group,
      ...(body.txPerBlock === undefined ? {} : { txPerBlock: body.txPerBlock }),
      ...(body.txPerSecond === undefined ? {} : { txPerSecond: body.txPerSecond }),
    };
  },
});

export const deleteBotGroup = defineRoute({
  method: "delete",
  path: "/bots/groups/:group",
  operationId: "deleteBotGroup",
  summary: "Remove a group",
  description: "Its members run at their own settings from their next start.",
  tag: "bots",
  params: groupName,
  response: z.object({ success: z.literal(true) }),
  errors: {
    400: "A name no group can have (VALIDATION_FAILED).",
    404: "No group of that name (NOT_FOUND), as for a missing bot.",
  },
  async handler({ platform, params }) {
    const groups = (await platform.bots.exportTraffic()).groups ?? [];
    if (!groups.some((group) => group.name === params.group)) {
      throw new HttpError("NOT_FOUND", `Bot group "${params.group}" not found.`);
    }
    await platform.bots.removeGroup(params.group);
    return { success: true as const };
  },
});

export const getTraffic = defineRoute({
  method: "get",
  path: "/traffic",
  operationId: "exportTraffic",
  summary: "The traffic set-up as one document",
  description:
    "Groups, and every bot that runs, is an instance or is in a group, with its config. `POST /traffic/import` on another stack applies it.",
  tag: "bots",
  response: trafficDocumentSchema,
  errors: {},
  handler: ({ platform }) => platform.bots.exportTraffic(),
});

export const putTraffic = defineRoute({
  method: "post",
  path: "/traffic/import",
  operationId: "importTraffic",
  summary: "Apply a traffic document",
  description:
    "Checked whole against the scenarios' schemas first: an invalid document is refused with every problem by path and nothing changes. Then the stack runs what it says: groups replaced, instances created, its bots (re)started, other running bots stopped.",
  tag: "bots",
  body: { schema: trafficDocumentBody, required: true },
  response: trafficImportResult,
  errors: {
    400: "The document is not valid; the message lists every problem by path (INVALID_TRAFFIC_DOCUMENT).",
  },
  handler: ({ platform, body }) => platform.bots.importTraffic(body),
});

export const validateTraffic = defineRoute({
  method: "post",
  path: "/traffic/validate",
  operationId: "validateTraffic",
  summary: "Check a traffic document without applying it",
  description:
    "A dry run of `POST /traffic/import`: `{ valid: true, issues: [] }` for a document it would apply, else the same 400 listing every problem by path.",
  tag: "bots",
  body: { schema: trafficDocumentBody, required: true },
  response: trafficValidation,
  errors: {
    400: "The document is not valid; the message lists every problem by path (INVALID_TRAFFIC_DOCUMENT).",
  },
  async handler({ platform, body }) {
    const { valid, issues } = await platform.bots.validateTraffic(body);
    if (!valid) throw new InvalidTrafficDocumentError(issues);
    return { valid, issues };
  },
});

/** The routes of bot controls and traffic documents (additive to the seed's bot routes). */
export const controlRoutes = [
  listBotScenarios,
  createBotInstance,
  deleteBotInstance,
  getBotControls,
  reclaimBotWallets,
  setBotGroup,
  deleteBotGroup,
  getTraffic,
  putTraffic,
  validateTraffic,
] as const;
