import type { RouteDefinition } from "@privnet/http";
import { listArtifacts, loadArtifacts } from "./artifacts.js";
import { listBlockGas } from "./blockGas.js";
import { getChainBlock, listChainBlocks } from "./chainBlocks.js";
import { getChainAddress, getChainTransaction, searchChain } from "./chainTransaction.js";
import { getContract, readContract, registerContract } from "./contracts.js";
import { deleteLabel, listLabels, setLabel } from "./labels.js";
import { getSimulation, rerunTransaction, simulateCalls } from "./simulate.js";

/** The explorer's routes: the chain index, simulations and re-runs, registered contracts, loaded artifacts and reads, labels. */
export const explorerRoutes: readonly RouteDefinition[] = [
  listChainBlocks,
  listBlockGas,
  getChainBlock,
  getChainTransaction,
  getChainAddress,
  searchChain,
  simulateCalls,
  getSimulation,
  rerunTransaction,
  registerContract,
  // Before `/contracts/:address`, which would take `artifacts` for an address.
  listArtifacts,
  loadArtifacts,
  getContract,
  readContract,
  listLabels,
  setLabel,
  deleteLabel,
];
