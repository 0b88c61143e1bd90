export { type HttpServer, type StartServerOptions, startServer } from "./startServer.js";
