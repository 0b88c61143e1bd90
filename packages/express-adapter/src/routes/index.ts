import type { RouteDefinition } from "@privnet/http";
import { botRoutes, controlRoutes } from "./bots/index.js";
import { contracts } from "./contracts.js";
import { createWallet } from "./createWallet.js";
import { deleteWallet } from "./deleteWallet.js";
import { explorerRoutes } from "./explorer/index.js";
import { faultRoutes } from "./faults/index.js";
import { forkRoutes } from "./forks.js";
import { getBalance } from "./getBalance.js";
import { getWallet } from "./getWallet.js";
import { health } from "./health.js";
import { importWallet } from "./importWallet.js";
import { listTransactions } from "./listTransactions.js";
import { listWallets } from "./listWallets.js";
import { network } from "./network.js";
import { send } from "./send.js";
import { sendDirect } from "./sendDirect.js";
import { serverStatus } from "./serverStatus.js";
import { verifyTransactions } from "./verifyTransactions.js";

/** Every route of the admin API, in the order the OpenAPI document lists them. */
export const adminRoutes: readonly RouteDefinition[] = [
  health,
  network,
  serverStatus,
  listWallets,
  createWallet,
  importWallet,
  getWallet,
  deleteWallet,
  getBalance,
  listTransactions,
  verifyTransactions,
  send,
  sendDirect,
  ...botRoutes,
  ...controlRoutes,
  contracts,
  ...explorerRoutes,
  ...faultRoutes,
  ...forkRoutes,
];
