import { deriveAccounts, KEY_INDEXES, SYSTEM_MNEMONIC } from "@privnet/core";
import type { Page } from "playwright-core";
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  http,
  parseUnits,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect, test } from "vitest";
import { DESKTOP, describePanel, PHONE } from "./fixtures/describePanel.js";
import { sendRaw } from "./fixtures/sendRaw.js";
import type { PanelStack } from "./fixtures/startPanelStack.js";

const recipient = getAddress("0x00000000000000000000000000000000000b0b0b");
/** A slot and a value of 32 bytes each, neither of them with leading zeros: the widest a row gets. */
const SLOT = toHex(2n ** 256n - 12_345n, { size: 32 });
const VALUE = toHex(2n ** 255n + 54_321n, { size: 32 });

/**
 * The code of a contract no ABI or storage layout explains: each call stores {@link VALUE} at
 * {@link SLOT} (PUSH32 value, PUSH32 slot, SSTORE, STOP), behind the usual copy-and-return of its
 * deployment.
 */
function rawStorageInitCode(): Hex {
  const runtime = concatHex(["0x7f", VALUE, "0x7f", SLOT, "0x5500"]);
  const length = toHex((runtime.length - 2) / 2, { size: 1 });
  // PUSH1 length, DUP1, PUSH1 11 (where the runtime starts), PUSH1 0, CODECOPY, PUSH1 0, RETURN
  return concatHex(["0x60", length, "0x80600b6000396000f3", runtime]);
}

/**
 * Tables that do not fit: each table whose box scrolls sideways (its content is wider than the
 * box, so a column is cut off until scrolled) or that reaches past the window, by its name.
 */
function overflowingTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("table"))
      .filter((table) => table.getClientRects().length > 0)
      .flatMap((table) => {
        const name = table.getAttribute("aria-label") ?? "(unnamed table)";
        const box = table.closest<HTMLElement>(".table-scroll");
        const cut = box ? box.scrollWidth - box.clientWidth : 0;
        const past = table.getBoundingClientRect().right - document.documentElement.clientWidth;
        return cut > 1 || past > 1 ? [`${name}: ${Math.max(cut, past)} px too wide`] : [];
      }),
  );
}

describePanel(
  "explorer tables",
  ({ open, sharedStack, devnet }) => {
    let stack: PanelStack;
    /** A call that wrote a raw 32-byte value into a raw 32-byte slot. */
    let storageHash: Hash;
    let storageContract: `0x${string}`;
    let storageBlock: bigint;
    /** A token transfer sent to the node from outside privnet: decoded call, token transfer, balances. */
    let transferHash: Hash;

    beforeAll(async () => {
      stack = await sharedStack();
      const sender = devnet.accounts[16];
      if (!sender) throw new Error("no account 16");
      const wallet = createWalletClient({
        account: privateKeyToAccount(sender.privateKey as Hex),
        chain: devnet.chain,
        transport: http(devnet.rpcUrl),
      });
      const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
      const deployed = await client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ data: rawStorageInitCode() }),
        pollingInterval: 50,
      });
      storageContract = getAddress(deployed.contractAddress ?? "0x");
      storageHash = await sendRaw(devnet, sender.privateKey as Hex, { to: storageContract });
      storageBlock = (await client.getTransactionReceipt({ hash: storageHash })).blockNumber;

      const { contracts } = (await (await fetch(`${stack.adminUrl}/contracts`)).json()) as {
        contracts: { name: string; address: `0x${string}` }[];
      };
      const token = contracts.find((contract) => contract.name === "PRIV");
      const [owner] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.contractsOwner]);
      if (!token || !owner) throw new Error("no PRIV token or owner key");
      transferHash = await sendRaw(devnet, owner.privateKey as Hex, {
        to: token.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [recipient, parseUnits("12.5", 18)],
        }),
      });
    });

    /** Each explorer page, and the table that shows once its data is there. */
    const pages = (): { name: string; path: string; ready: (page: Page) => Promise<void> }[] => [
      {
        name: "a transaction's state changes (raw 32-byte slot and values)",
        path: `tx/${storageHash}`,
        ready: (page) =>
          page
            .getByRole("table", { name: "Storage changes" })
            .getByRole("row")
            .filter({ hasText: VALUE })
            .waitFor(),
      },
      {
        name: "a token transfer's call, transfers and balances",
        path: `tx/${transferHash}`,
        ready: (page) => page.getByRole("table", { name: "Balance changes" }).waitFor(),
      },
      {
        name: "the blocks list",
        path: "blocks",
        ready: (page) => page.getByRole("table", { name: "Blocks" }).getByRole("row").nth(1).waitFor(),
      },
      {
        name: "a block",
        path: `blocks/${storageBlock}`,
        ready: (page) => page.getByRole("table", { name: `Transactions of block ${storageBlock}` }).waitFor(),
      },
      {
        name: "a contract's address",
        path: `address/${storageContract}`,
        ready: (page) => page.getByRole("table", { name: "Transactions" }).waitFor(),
      },
      {
        name: "a token holder's address",
        path: `address/${recipient}`,
        ready: (page) => page.getByRole("table", { name: "Token balances" }).waitFor(),
      },
      {
        name: "the history",
        path: "transactions",
        ready: (page) => page.getByRole("table", { name: "Transactions" }).waitFor(),
      },
    ];

    for (const viewport of [DESKTOP, PHONE]) {
      test(`at ${viewport.width} px no explorer table is wider than its page, none cut off`, async () => {
        const { page, goto, screenshot } = await open({ stack, viewport });
        const problems: string[] = [];
        for (const { name, path, ready } of pages()) {
          await goto(path);
          await ready(page);
          problems.push(...(await overflowingTables(page)).map((problem) => `${name}: ${problem}`));
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) problems.push(`${name}: the page is ${overflow} px wider than the window`);
          if (path === `tx/${storageHash}`) await screenshot("state-changes");
        }
        expect(problems).toEqual([]);
      });
    }
  },
  { isolateTests: false },
);
