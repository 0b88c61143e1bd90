export { buildOracleOpenApi } from "./buildOracleOpenApi.js";
export { oracleApi } from "./oracleApi.js";
