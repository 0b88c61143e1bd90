import { useDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import { sendOnce } from "./sendOnce.js";

const devnet = useDevnet();

test("the example sends ETH to a fresh address on the worker's devnet", async () => {
  const result = await sendOnce(devnet, "1.5");
  expect(result.balance).toBe("1.5");
  expect(result.blockNumber).toBe(1n);
});
