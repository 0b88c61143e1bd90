import { adminApiService } from "./adminApiService.js";
import type { StackService } from "./StackService.js";

/**
 * The servers `privnet up` starts, in order. The oracle server and the panel join this list as
 * they land (each a {@link StackService}).
 */
export const defaultServices: readonly StackService[] = [adminApiService];
