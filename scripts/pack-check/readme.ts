// The first example of @privnet/core's README and an admin router mounted in the user's own
// express app: with viem and express types coming from the user's copies.
import { createPlatform } from "@privnet/core";
import { createAdminRouter } from "@privnet/express-adapter";
import { sqliteStorage } from "@privnet/storage-sqlite";
import express, { type Router } from "express";
import { http } from "viem";

export async function readmeExample(rpcUrl: string): Promise<Router> {
  const platform = await createPlatform({
    transport: http(rpcUrl),
    storage: sqliteStorage({ path: ":memory:" }),
  });
  const info = await platform.network.info();
  const blockNumber: bigint = info.blockNumber;
  console.log(blockNumber);
  const router: Router = createAdminRouter(platform);
  // @ts-expect-error express's Router type reached the consumer: not `any`, so this is an error.
  router.notAnExpressMethod();
  express().use("/api", router);
  return router;
}
