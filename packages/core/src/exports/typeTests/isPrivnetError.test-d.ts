import type { Address } from "viem";
import { describe, expectTypeOf, test } from "vitest";
import {
  type ErrorCode,
  FaultError,
  type FaultErrorCode,
  FaultInProgressError,
  type FaultsUnavailableError,
  type FaultUnsupportedError,
  type InvalidFaultError,
  isPrivnetError,
  type LendingError,
  type PriceStaleError,
  type PrivnetError,
  type PrivnetErrorTypes,
  type StorageUnreachableError,
  WalletNotFoundError,
} from "../index.js";

declare const error: unknown;

describe("isPrivnetError", () => {
  test("with a code, narrows to that code's class and its fields", () => {
    if (isPrivnetError(error, "PRICE_STALE")) {
      expectTypeOf(error).toExtend<PriceStaleError>();
      expectTypeOf(error.code).toEqualTypeOf<"PRICE_STALE">();
      expectTypeOf(error.ageSeconds).toEqualTypeOf<number>();
      expectTypeOf(error.token).toEqualTypeOf<Address>();
      expectTypeOf(error.symbol).toEqualTypeOf<string | undefined>();
    }
    if (isPrivnetError(error, "PRICE_NOT_AVAILABLE")) expectTypeOf(error.ageSeconds).toEqualTypeOf<null>();
    if (isPrivnetError(error, "LENDING_BORROW_EXCEEDS_LTV")) {
      expectTypeOf(error).toExtend<LendingError>();
      expectTypeOf(error.reason).toEqualTypeOf<string>();
    }
    if (isPrivnetError(error, "ORACLE_PUSH_FAILED")) expectTypeOf(error.attempts).toEqualTypeOf<number>();
    if (isPrivnetError(error, "FAULTS_UNAVAILABLE")) expectTypeOf(error).toExtend<FaultsUnavailableError>();
  });

  test("each class declares its code, and the map is read off the classes", () => {
    expectTypeOf<PrivnetErrorTypes["WALLET_NOT_FOUND"]>().toEqualTypeOf<WalletNotFoundError>();
    expectTypeOf<PrivnetErrorTypes["LENDING_NO_DEBT"]>().toEqualTypeOf<LendingError>();
    expectTypeOf(new WalletNotFoundError(1).code).toEqualTypeOf<"WALLET_NOT_FOUND">();
    // A code narrows to the class that declares it, not to every class of its family.
    expectTypeOf<PrivnetErrorTypes["STORAGE_UNREACHABLE"]>().toEqualTypeOf<StorageUnreachableError>();
  });

  test("without a code, or with one raised outside core, it is the base class", () => {
    if (isPrivnetError(error)) {
      expectTypeOf(error).toEqualTypeOf<PrivnetError>();
      expectTypeOf(error.code).toEqualTypeOf<ErrorCode>();
    }
    if (isPrivnetError(error, "DEVNET_PORT_IN_USE")) {
      expectTypeOf(error).toExtend<PrivnetError>();
      expectTypeOf(error.code).toEqualTypeOf<"DEVNET_PORT_IN_USE">();
      // @ts-expect-error the base class has no ageSeconds
      error.ageSeconds;
    }
  });

  test("the fault family: each code narrows to its own class, not to the family's base", () => {
    expectTypeOf<PrivnetErrorTypes["FAULT_INVALID"]>().toEqualTypeOf<InvalidFaultError>();
    expectTypeOf<PrivnetErrorTypes["FAULT_IN_PROGRESS"]>().toEqualTypeOf<FaultInProgressError>();
    expectTypeOf<PrivnetErrorTypes["FAULT_UNSUPPORTED"]>().toEqualTypeOf<FaultUnsupportedError>();
    expectTypeOf<PrivnetErrorTypes["FAULTS_UNAVAILABLE"]>().toEqualTypeOf<FaultsUnavailableError>();
    if (isPrivnetError(error, "FAULT_INVALID")) {
      expectTypeOf(error.field).toEqualTypeOf<string>();
      expectTypeOf(error.rule).toEqualTypeOf<string>();
    }
    if (error instanceof FaultError) expectTypeOf(error.code).toEqualTypeOf<FaultErrorCode>();
    if (error instanceof FaultInProgressError) expectTypeOf(error.code).toEqualTypeOf<"FAULT_IN_PROGRESS">();
  });

  test("a code that does not exist does not compile; the map lists every code", () => {
    // @ts-expect-error not an error code
    isPrivnetError(error, "PRICE_OLD");
    expectTypeOf<keyof PrivnetErrorTypes>().toEqualTypeOf<ErrorCode>();
  });
});
