import type { GuardedContext } from "../context/OperationGuard.js";
import type { PlatformContractsService } from "./connectPlatformContracts.js";

/** What `platform.contracts` needs: the service that reuses or deploys the platform's contracts. */
export type ContractActionsContext = GuardedContext & { readonly contracts: PlatformContractsService };

/** `platform.contracts`: the deployed contracts, ensured on first call (or at start with the `contracts` option). */
export function contractActions(ctx: ContractActionsContext) {
  return {
    /** The platform's contracts: reused from storage while they have code, deployed otherwise. */
    get: () => ctx.guard(() => ctx.contracts.get()),
    /** Ensures them again, e.g. after a chain reset (deploys anew when their code is gone). */
    refresh: () => ctx.guard(() => ctx.contracts.refresh()),
    /**
     * Every platform contract deployed on this chain: name, Solidity contract, address, the block
     * of its deployment and ABI. Deploys nothing: empty until the contracts are deployed.
     */
    list: () => ctx.guard(() => ctx.contracts.list()),
  };
}

/** The operations of `platform.contracts`. */
export type ContractActions = ReturnType<typeof contractActions>;
