import { createPlatform } from "@privnet/core";
import { createAdminServer } from "@privnet/express-adapter";
import { createOracleServer } from "@privnet/oracle-http";
import { postgresStorage } from "@privnet/storage-postgres";
import { http } from "viem";

export type ReferenceServersOptions = {
  /** The chain's JSON-RPC URL (a devnet, or a Kurtosis execution client). */
  rpcUrl: string;
  /** PostgreSQL: wallets, history, oracle state. Several admin servers may share it. */
  connectionString: string;
  /** PostgreSQL schema for privnet's tables. Default "privnet". */
  schema?: string;
  /** Ports; 0 picks free ones. Default: 3000 and 3004. */
  adminPort?: number;
  oraclePort?: number;
  /** `false`: no request log lines (tests). Default: one JSON line per request on stdout. */
  logger?: false;
};

/**
 * privnet's admin API and oracle API, assembled by hand: one platform on PostgreSQL, its
 * contracts deployed (or reused from the database), and the two servers on loopback.
 */
export async function startReferenceServers(options: ReferenceServersOptions) {
  const platform = await createPlatform({
    transport: http(options.rpcUrl),
    storage: postgresStorage({
      connectionString: options.connectionString,
      schema: options.schema ?? "privnet",
    }),
    contracts: true,
    oracle: { interval: 60_000 },
  });
  try {
    const admin = await createAdminServer(platform, {
      port: options.adminPort ?? 3000,
      ...(options.logger === false ? { logger: false } : {}),
    });
    const oracle = await createOracleServer(platform, {
      port: options.oraclePort ?? 3004,
      ...(options.logger === false ? { logger: false } : {}),
    }).catch(async (error: unknown) => {
      await admin.close();
      throw error;
    });
    return {
      adminUrl: admin.url,
      oracleUrl: oracle.url,
      platform,
      /** Stops in reverse order: the servers, then the platform (which closes the database pool). */
      async close() {
        await oracle.close();
        await admin.close();
        await platform.close();
      },
    };
  } catch (error) {
    await platform.close();
    throw error;
  }
}
