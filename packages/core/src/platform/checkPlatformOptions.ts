import { InvalidOptionsError } from "../errors/index.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";

/** Refuses options no platform can run with: `INVALID_OPTIONS`, before anything is opened. */
export function checkPlatformOptions(options: AnyCreatePlatformOptions) {
  const positive = ["pollingInterval", "replaceAfter", "dropAfter", "maxInFlight"] as const;
  for (const name of positive) {
    const value = options[name];
    if (value !== undefined && (!Number.isFinite(value) || value <= 0)) {
      throw new InvalidOptionsError(`\`${name}\` must be a positive number, got ${value}.`);
    }
  }
  if (options.maxInFlight !== undefined && !Number.isInteger(options.maxInFlight)) {
    throw new InvalidOptionsError(`\`maxInFlight\` must be an integer, got ${options.maxInFlight}.`);
  }
  if (options.adaptiveWindow !== undefined && typeof options.adaptiveWindow !== "boolean") {
    throw new InvalidOptionsError(
      `\`adaptiveWindow\` must be true or false, got ${String(options.adaptiveWindow)}.`,
    );
  }
  if (options.priorityFeePerGas !== undefined && options.priorityFeePerGas < 0n) {
    throw new InvalidOptionsError("`priorityFeePerGas` must not be negative.");
  }
  if (options.encryptionPassphrase !== undefined && options.encryptionPassphrase.length === 0) {
    throw new InvalidOptionsError("`encryptionPassphrase` must not be empty.");
  }
}
