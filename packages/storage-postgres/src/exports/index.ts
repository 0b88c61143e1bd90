export { type PostgresStorageOptions, postgresStorage } from "../postgresStorage.js";
