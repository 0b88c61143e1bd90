import { createPlatform, defineService, type Service } from "@privnet/core";
import { findPlatformContracts } from "@privnet/core/contracts";
import { DEVNET_REQUEST_TIMEOUT_MS } from "@privnet/devnet";
import { builtinScenarios } from "@privnet/scenarios";
import { createClient, http, type Transport, webSocket } from "viem";
import { trustCertificate } from "../tls/trustCertificate.js";
import { needed, type StackState } from "./stackState.js";

/**
 * The platform on the stack's chain and storage: once made, it owns the storage and closes it.
 * Its stop tells bots waiting for the devnet's block time that they will not resume.
 */
export function platformPart(state: StackState): Service {
  return defineService({
    name: "platform",
    async start() {
      const { settings, devnet } = state;
      const rpcUrl = needed(state.rpcUrl, "chain");
      const storage = needed(state.storage, "storage");
      // The embedded devnet holds requests while it reorganises (faults): wait for it.
      // With the devnet's service headers: the platform's admin calls (the watcher's pool reads,
      // funding, time travel) pass the chain port's policy, and its requests are never rate
      // limited. Over HTTP on the devnet's port, so that the hold gate and the clock see them;
      // over TLS, trusting the stack's own certificate (and only for this transport).
      const transport = transportFor(rpcUrl, {
        ...(devnet ? { timeout: DEVNET_REQUEST_TIMEOUT_MS } : {}),
        fetchOptions: {
          ...(devnet && state.tls ? trustCertificate(state.tls.cert).fetchOptions : {}),
          ...(devnet ? { headers: { ...devnet.serviceHeaders } } : {}),
        },
      });
      // A fork of a privnet chain carries its parent's contracts: recorded as the platform's
      // deployment, so that the platform uses them rather than deploying a second set.
      if (devnet?.fork && settings.contracts.deploy)
        state.contractsFoundOnFork =
          (await findPlatformContracts(createClient({ transport }), { storage })) !== undefined;
      state.platform = await createPlatform({
        transport,
        storage,
        // The embedded devnet is on this machine: asking it for new blocks 20 times a block costs
        // next to nothing, and a confirmation (the set-up's fundings first) is seen within 1/20 of
        // a block instead of up to a second later.
        ...(devnet && devnet.blockTime > 0 ? { pollingInterval: pollingIntervalFor(devnet.blockTime) } : {}),
        // Deployed (or reused) while the platform starts, by the contracts' own key funded
        // through the nonce manager, so nothing else sending from the funder can collide with it.
        ...(settings.contracts.deploy ? { contracts: true } : {}),
        oracle: settings.oracle.simulator,
        history: settings.history,
        // The embedded devnet's state window is known: an old transaction's page names it.
        explorer: devnet ? withStateWindow(settings.explorer, settings.chain.stateWindow) : settings.explorer,
        // Faults on demand (platform.faults, POST /chain/faults/…) for the chain this stack runs
        // itself; on a node given by --rpc-url there are none (FAULTS_UNAVAILABLE).
        ...(devnet ? { faults: devnet.faults } : {}),
        // The embedded devnet comes back from a crash at its last state write: what the history
        // confirmed after it is sent again before any server answers.
        ...(devnet ? { resendLostConfirmed: true } : {}),
        // With a traffic document, it (not the last run) says what runs: nothing resumes.
        bots: {
          catalogues: [builtinScenarios],
          ...settings.bots,
          ...(devnet ? { resumeAfter: state.atBlockTime.promise } : {}),
          ...(settings.traffic ? { resume: false } : {}),
        },
        ...(settings.encryptionPassphrase === undefined
          ? {}
          : { encryptionPassphrase: settings.encryptionPassphrase }),
      });
      const network = await state.platform.network.info();
      state.progress({
        step: "platform",
        detail: `chain id ${network.chainId}, block ${network.blockNumber}`,
      });
    },
    async stop() {
      state.atBlockTime.reject(new Error("The stack stopped before its devnet mined at its block time."));
      await state.platform?.close();
    },
  });
}

/** The explorer's setting with the node's state window added, unless the explorer is off. */
function withStateWindow(explorer: StackState["settings"]["explorer"], stateWindow: number) {
  if (explorer === false) return false;
  return { ...(explorer === true ? {} : explorer), stateWindow };
}

/** Milliseconds between polls for new blocks of a devnet mining every `blockTime` seconds: 1/20 of a block, 50 to 1,000 ms. */
function pollingIntervalFor(blockTime: number): number {
  return Math.min(1_000, Math.max(50, Math.round((blockTime * 1_000) / 20)));
}

function transportFor(rpcUrl: string, options: { timeout?: number; fetchOptions?: RequestInit }): Transport {
  const { fetchOptions, ...common } = options;
  return /^wss?:/i.test(rpcUrl)
    ? webSocket(rpcUrl, common)
    : http(rpcUrl, { ...common, ...(fetchOptions ? { fetchOptions } : {}) });
}
