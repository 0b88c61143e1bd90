import type * as bots from "./bots.js";
import type * as contracts from "./contracts.js";
import type { ErrorCode } from "./errorCodes.js";
import type * as explorer from "./explorer.js";
import type * as faults from "./faults.js";
import type * as lending from "./lending.js";
import type * as oracle from "./oracle.js";
import type { PrivnetError } from "./PrivnetErrorBase.js";
import type * as platform from "./platform.js";
import type * as sender from "./sender.js";
import type * as storage from "./storage.js";
import type * as wallets from "./wallets.js";

/** Every error class of the families' files (a new class in one of them is picked up by itself). */
type FamilyError = ErrorClasses<
  | typeof bots
  | typeof contracts
  | typeof explorer
  | typeof faults
  | typeof lending
  | typeof oracle
  | typeof platform
  | typeof sender
  | typeof storage
  | typeof wallets
>;

/** The instances of the classes among a module's exports that build on {@link PrivnetError}. */
type ErrorClasses<Module> = Module extends unknown
  ? Module[keyof Module] extends infer Export
    ? Export extends abstract new (
        ...args: never
      ) => infer Instance
      ? Instance extends PrivnetError
        ? Instance
        : never
      : never
    : never
  : never;

/**
 * The classes that declare `Code` as (one of) their codes. A class that does not declare its code
 * (its `code` is every `ErrorCode`) is left out: it could be any of them.
 */
type ClassesOfCode<Code extends ErrorCode> = FamilyError extends infer Class
  ? Class extends { readonly code: infer Declared }
    ? ErrorCode extends Declared
      ? never
      : Code extends Declared
        ? Class
        : never
    : never
  : never;

/** Those of {@link ClassesOfCode} that declare `Code` alone (a family's base declares them all). */
type ExactClassOfCode<Code extends ErrorCode> =
  ClassesOfCode<Code> extends infer Class
    ? Class extends { readonly code: infer Declared }
      ? [Declared] extends [Code]
        ? Class
        : never
      : never
    : never;

/**
 * The class behind `Code`: the one that declares it alone (`InvalidFaultError` for
 * `FAULT_INVALID`, not its base `FaultError`), else the one that declares it among others
 * (`LendingError` for every lending code).
 */
type ClassOfCode<Code extends ErrorCode> = [ExactClassOfCode<Code>] extends [never]
  ? ClassesOfCode<Code>
  : ExactClassOfCode<Code>;

/**
 * The error class behind each code: what {@link isPrivnetError} narrows to. It is read off the
 * classes, each of which declares its code (`declare readonly code: "PRICE_STALE"`). Codes without
 * a class of their own (those raised outside `@privnet/core`: the devnet's, a server's taken port)
 * map to the base class, whose `code`, `shortMessage` and `details` they carry.
 */
export type PrivnetErrorTypes = {
  [Code in ErrorCode]: [ClassOfCode<Code>] extends [never] ? PrivnetError : ClassOfCode<Code>;
};

/**
 * The error with code `Code`: its class, with `code` narrowed to that code.
 *
 * @example
 * type Stale = PrivnetErrorOf<"PRICE_STALE">; // PriceStaleError & { code: "PRICE_STALE" }
 */
export type PrivnetErrorOf<Code extends ErrorCode> = PrivnetErrorTypes[Code] & { readonly code: Code };
