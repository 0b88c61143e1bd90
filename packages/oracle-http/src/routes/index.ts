import type { RouteDefinition } from "@privnet/http";
import { health } from "./health.js";
import { price } from "./price.js";
import { prices } from "./prices.js";
import { setPrice } from "./setPrice.js";
import { update } from "./update.js";

export { priceEventData, priceStream } from "./priceStream.js";

/** Every JSON route of the oracle API (its event stream is {@link priceStream}). */
export const oracleRoutes: readonly RouteDefinition[] = [prices, price, update, setPrice, health];
