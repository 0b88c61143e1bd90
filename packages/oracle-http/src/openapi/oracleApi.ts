import { createRequire } from "node:module";
import type { ApiDescription } from "@privnet/http";
import { oracleRoutes, priceStream } from "../routes/index.js";
import { type ErrorBody, oracleErrors } from "../schemas/errors.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

/**
 * What the oracle API is, apart from a running platform: its routes, its price stream, its error
 * body and what its OpenAPI document says of it. `createOracleRouter` serves exactly this and
 * `buildOracleOpenApi` documents exactly this.
 */
export const oracleApi: ApiDescription<ErrorBody> = {
  routes: oracleRoutes,
  streams: [priceStream],
  errors: oracleErrors,
  openApi: {
    title: "privnet oracle API",
    version,
    description:
      "Prices of the privnet PriceOracle contract, read back from the chain, and the simulator that pushes them. Success bodies carry `success: true`; errors are `{ success: false, error, code }`.",
  },
};
