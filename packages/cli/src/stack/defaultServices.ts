import { adminApiService } from "./adminApiService.js";
import { oracleApiService } from "./oracleApiService.js";
import type { StackService } from "./StackService.js";

/** The servers `privnet up` starts, in order (the panel joins this list when it lands). */
export const defaultServices: readonly StackService[] = [adminApiService, oracleApiService];
