import { PrivnetError } from "./PrivnetErrorBase.js";
import { quoteInput } from "./quoteInput.js";

/** A throwaway fork's setting out of range, or a block the chain cannot fork at: `field` names it. */
export class InvalidForkError extends PrivnetError {
  override name = "InvalidForkError";
  declare readonly code: "FORK_INVALID";
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super("FORK_INVALID", `Invalid fork setting \`${field}\`: ${rule}.`);
  }
}

/** No running throwaway fork has this id (it may have expired). */
export class ForkNotFoundError extends PrivnetError {
  override name = "ForkNotFoundError";
  declare readonly code: "FORK_NOT_FOUND";
  constructor(id: string) {
    super("FORK_NOT_FOUND", `Fork ${quoteInput(id)} not found.`, {
      details: "It may have expired (each fork stops at its time to live) or been deleted.",
    });
  }
}

/** As many throwaway forks as the pool allows already run. */
export class ForkLimitReachedError extends PrivnetError {
  override name = "ForkLimitReachedError";
  declare readonly code: "FORK_LIMIT_REACHED";
  constructor(readonly limit: number) {
    super("FORK_LIMIT_REACHED", `${limit} forks already run: that is the limit.`, {
      details: "Delete one (or wait for one to expire), then ask again.",
    });
  }
}

/** Throwaway forks asked of a server that has none (or whose pool stopped). */
export class ForksUnavailableError extends PrivnetError {
  override name = "ForksUnavailableError";
  declare readonly code: "FORKS_UNAVAILABLE";
  constructor(reason = "this server was started without a fork pool") {
    super("FORKS_UNAVAILABLE", `Throwaway forks are not available: ${reason}.`);
  }
}
