export { adminApi } from "./adminApi.js";
export { buildAdminOpenApi } from "./buildAdminOpenApi.js";
