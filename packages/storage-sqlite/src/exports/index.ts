export { type SqliteStorageOptions, sqliteStorage } from "../sqliteStorage.js";
