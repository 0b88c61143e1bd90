import type { Client } from "viem";

/**
 * viem's test client (`createTestClient({ mode: "anvil", … })`, or the `testClient` fixture), with
 * or without extra actions: the test actions' first parameter.
 */
export type AnvilTestClient = Client & { mode: "anvil" | "hardhat" | "ganache" };
