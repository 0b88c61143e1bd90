// `npm start`: the admin API on :3000 and the oracle API on :3004, on the chain at RPC_URL
// (default http://127.0.0.1:8545) and the PostgreSQL at DATABASE_URL. Ctrl-C stops both.
import { startReferenceServers } from "./startReferenceServers.js";

const servers = await startReferenceServers({
  rpcUrl: process.env.RPC_URL ?? "http://127.0.0.1:8545",
  connectionString: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
});
console.log(`admin API  ${servers.adminUrl}   oracle API  ${servers.oracleUrl}`);
process.once("SIGINT", () => {
  servers.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
