import type { OracleRoute } from "./defineOracleRoute.js";
import { health } from "./health.js";
import { price } from "./price.js";
import { prices } from "./prices.js";
import { setPrice } from "./setPrice.js";
import { update } from "./update.js";

/** Every JSON route of the oracle API (the SSE stream and /openapi.json are served beside them). */
export const oracleRoutes: readonly OracleRoute[] = [prices, price, update, setPrice, health];
