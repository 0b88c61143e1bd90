import type { RouteDefinition } from "@privnet/http";
import { getChainBlock, listChainBlocks } from "./chainBlocks.js";
import { getChainAddress, getChainTransaction, searchChain } from "./chainTransaction.js";
import { getContract, readContract, registerContract } from "./contracts.js";
import { deleteLabel, listLabels, setLabel } from "./labels.js";

/** The explorer's routes: the chain index, registered contracts and reads, labels. */
export const explorerRoutes: readonly RouteDefinition[] = [
  listChainBlocks,
  getChainBlock,
  getChainTransaction,
  getChainAddress,
  searchChain,
  registerContract,
  getContract,
  readContract,
  listLabels,
  setLabel,
  deleteLabel,
];
