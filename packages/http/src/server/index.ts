export { answerParserErrors, type ErrorWrapper } from "./answerParserErrors.js";
export { listenOn } from "./listenOn.js";
export { type HttpServer, type StartServerOptions, startServer } from "./startServer.js";
