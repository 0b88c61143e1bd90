import type { RouteDefinition } from "@privnet/http";
import { getBotLogs } from "./getBotLogs.js";
import { getBotsStatus } from "./getBotsStatus.js";
import { startBot } from "./startBot.js";
import { stopBot } from "./stopBot.js";

export { BOT_EVENTS_PATH, botEvents } from "./botEvents.js";
export { controlRoutes } from "./controlRoutes.js";

/** The bot routes of the admin API (its event stream is {@link botEvents}). */
export const botRoutes: readonly RouteDefinition[] = [getBotsStatus, startBot, stopBot, getBotLogs];
