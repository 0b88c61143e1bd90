import type { Hex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";

/** The keys the platform's contracts are deployed, owned and pushed to with. */
export type PlatformAccounts = {
  owner: PrivateKeyAccount;
  updater: PrivateKeyAccount;
  /** Which of them are the system mnemonic's (the platform funds those itself). */
  derived: { owner: boolean; updater: boolean };
};

/** The system mnemonic's owner and updater keys, derived once per process (scrypt-free, but not free). */
let derivedKeys: { owner: Hex; updater: Hex } | undefined;

/**
 * The contracts' owner and the oracle's updater: the given keys, else the system mnemonic's at
 * {@link KEY_INDEXES}`.contractsOwner` (22) and `.oracleUpdater` (21).
 *
 * @example
 * const { owner, updater } = platformAccounts({});
 */
export function platformAccounts(keys: {
  owner?: Hex | undefined;
  updater?: Hex | undefined;
}): PlatformAccounts {
  const derived = () => {
    derivedKeys ??= (() => {
      const [updater, owner] = deriveAccounts(SYSTEM_MNEMONIC, [
        KEY_INDEXES.oracleUpdater,
        KEY_INDEXES.contractsOwner,
      ]);
      return {
        owner: (owner as { privateKey: Hex }).privateKey,
        updater: (updater as { privateKey: Hex }).privateKey,
      };
    })();
    return derivedKeys;
  };
  return {
    owner: privateKeyToAccount(keys.owner ?? derived().owner),
    updater: privateKeyToAccount(keys.updater ?? derived().updater),
    derived: { owner: keys.owner === undefined, updater: keys.updater === undefined },
  };
}
