import type { Chain, PublicClient } from "viem";
import { describe, expectTypeOf, test } from "vitest";
import {
  type CreatedWallet,
  type CreateWalletParameters,
  createPlatform,
  type LendingReceipt,
  type LendingTransferParameters,
  type OraclePushReturnType,
  type Platform,
  type PlatformSnapshot,
  type SendFromWalletParameters,
  type SendFromWalletReturnType,
  type StorageAdapter,
  type TransactionWatcherStatus,
} from "../index.js";

declare const platform: Platform;

describe("Platform, built from the action groups", () => {
  test("is what createPlatform answers", () => {
    expectTypeOf(createPlatform).returns.resolves.toEqualTypeOf<Platform>();
    expectTypeOf(platform.chain).toEqualTypeOf<Chain>();
    expectTypeOf(platform.client).toEqualTypeOf<PublicClient>();
    expectTypeOf(platform.storage).toEqualTypeOf<StorageAdapter>();
  });

  test("each group keeps its operations' parameters and results", () => {
    expectTypeOf(platform.wallets.create).toBeCallableWith();
    expectTypeOf(platform.wallets.create).parameter(0).toEqualTypeOf<CreateWalletParameters | undefined>();
    expectTypeOf(platform.wallets.create).returns.resolves.toEqualTypeOf<CreatedWallet>();
    expectTypeOf(platform.sender.sendFromWallet).parameters.toEqualTypeOf<[SendFromWalletParameters]>();
    expectTypeOf(platform.sender.sendFromWallet).returns.resolves.toEqualTypeOf<SendFromWalletReturnType>();
    expectTypeOf(platform.lending.deposit).parameters.toEqualTypeOf<[LendingTransferParameters]>();
    expectTypeOf(platform.lending.deposit).returns.resolves.toEqualTypeOf<LendingReceipt>();
    expectTypeOf(platform.oracle.crash).toBeCallableWith("ETH", 40);
    expectTypeOf(platform.oracle.crash).toBeCallableWith("ETH", 20, 600);
    // @ts-expect-error the percent is a number
    expectTypeOf(platform.oracle.crash).toBeCallableWith("ETH", "40");
    expectTypeOf(platform.oracle.crash).returns.resolves.toEqualTypeOf<OraclePushReturnType | null>();
    expectTypeOf(platform.revert).parameters.toEqualTypeOf<[PlatformSnapshot]>();
  });

  test("memory reads stay synchronous", () => {
    expectTypeOf(platform.transactions.watcherStatus).returns.toEqualTypeOf<TransactionWatcherStatus>();
    expectTypeOf(platform.bots.names).returns.toEqualTypeOf<string[]>();
  });

  test("its members are read-only", () => {
    // @ts-expect-error a platform's groups cannot be replaced
    platform.wallets = {} as Platform["wallets"];
    // @ts-expect-error nor its close()
    platform.close = async () => {};
  });

  test("it can be disposed with `await using`", () => {
    expectTypeOf(platform[Symbol.asyncDispose]).returns.toEqualTypeOf<Promise<void>>();
  });
});
