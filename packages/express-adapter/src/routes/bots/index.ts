import type { RouteDefinition } from "../defineRoute.js";
import { getBotLogs } from "./getBotLogs.js";
import { getBotsStatus } from "./getBotsStatus.js";
import { startBot } from "./startBot.js";
import { stopBot } from "./stopBot.js";

export { BOT_EVENTS_PATH, streamBotEvents } from "./streamBotEvents.js";

/** The bot routes of the admin API (the SSE stream is registered apart: {@link streamBotEvents}). */
export const botRoutes: readonly RouteDefinition[] = [getBotsStatus, startBot, stopBot, getBotLogs];
