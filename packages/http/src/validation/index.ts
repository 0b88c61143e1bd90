export { type CoreFieldSchema, type CoreIssueParams, checkedByCore } from "./checkedByCore.js";
