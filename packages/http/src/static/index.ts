export { serveStaticApp } from "./serveStaticApp.js";
