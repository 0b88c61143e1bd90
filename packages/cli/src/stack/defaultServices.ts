import { adminApiService } from "./adminApiService.js";
import { oracleApiService } from "./oracleApiService.js";
import type { StackService } from "./StackService.js";

/** The servers `privnet up` starts, in order (the admin panel is served by the admin API's server). */
export const defaultServices: readonly StackService[] = [adminApiService, oracleApiService];
