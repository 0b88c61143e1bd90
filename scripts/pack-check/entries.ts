// Every public entry of every published package: `tsc --noEmit` with `skipLibCheck: false` reads
// all of their .d.ts files (and the .d.ts of what they import) as a strict consumer's would.
import * as cli from "@privnet/cli";
import * as core from "@privnet/core";
import * as coreContracts from "@privnet/core/contracts";
import * as coreTesting from "@privnet/core/testing";
import * as devnet from "@privnet/devnet";
import * as devnetFaults from "@privnet/devnet/faults";
import * as devnetVitest from "@privnet/devnet/vitest";
import * as expressAdapter from "@privnet/express-adapter";
import * as http from "@privnet/http";
import * as httpTesting from "@privnet/http/testing";
import * as oracleHttp from "@privnet/oracle-http";
import * as panel from "@privnet/panel";
import * as storagePostgres from "@privnet/storage-postgres";
import * as storageSqlite from "@privnet/storage-sqlite";

export const entries = {
  cli,
  core,
  coreContracts,
  coreTesting,
  devnet,
  devnetFaults,
  devnetVitest,
  expressAdapter,
  http,
  httpTesting,
  oracleHttp,
  panel,
  storagePostgres,
  storageSqlite,
};
