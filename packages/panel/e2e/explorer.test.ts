import { deriveAccounts, KEY_INDEXES, SYSTEM_MNEMONIC } from "@privnet/core";
import type { Locator, Page } from "playwright-core";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  toBlobs,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect, test } from "vitest";
import { buildLedgerArtifacts } from "../../core/src/explorer/stateChanges/fixtures/buildLedgerArtifacts.js";
import { DESKTOP, describePanel, PHONE } from "./fixtures/describePanel.js";
import { sendRaw } from "./fixtures/sendRaw.js";
import type { PanelStack } from "./fixtures/startPanelStack.js";

const oracleAbi = parseAbi(["function updatePrice(address token, uint256 price)"]);
const recipient = getAddress("0x00000000000000000000000000000000000a11ce");

type Contracts = { contracts: { name: string; address: `0x${string}` }[] };

/** Whether the element is drawn wholly inside the window's width. */
async function insideWidth(locator: Locator, page: Page): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/** The page is no wider than the window. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describePanel(
  "explorer",
  ({ open, sharedStack, devnet }) => {
    let stack: PanelStack;
    let contracts: Contracts;
    /** 12.5 PRIV from the platform's deployer, signed and sent to the node directly. */
    let transferHash: Hash;
    /** An oracle update from an account that may not: reverted on chain. */
    let revertedHash: Hash;
    let deployer: `0x${string}`;

    beforeAll(async () => {
      stack = await sharedStack();
      contracts = (await (await fetch(`${stack.adminUrl}/contracts`)).json()) as Contracts;
      const address = (name: string) => {
        const found = contracts.contracts.find((contract) => contract.name === name);
        if (!found) throw new Error(`no ${name} among ${contracts.contracts.map((c) => c.name).join(", ")}`);
        return found.address;
      };
      const [owner] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.contractsOwner]);
      if (!owner) throw new Error("no owner key");
      deployer = owner.address;
      transferHash = await sendRaw(devnet, owner.privateKey as Hex, {
        to: address("PRIV"),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [recipient, parseUnits("12.5", 18)],
        }),
      });
      const stranger = devnet.accounts[19];
      if (!stranger) throw new Error("no account 19");
      revertedHash = await sendRaw(devnet, stranger.privateKey as Hex, {
        to: address("PriceOracle"),
        data: encodeFunctionData({ abi: oracleAbi, functionName: "updatePrice", args: [recipient, 1n] }),
        gas: 200_000n,
      });
    });

    for (const viewport of [DESKTOP, PHONE]) {
      const at = `at ${viewport.width} px`;

      test(`${at} a call sent outside privnet is decoded, with its token transfer and the deployer named`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto(`tx/${transferHash}`);
        const transfers = page.getByRole("table", { name: "Token transfers" });
        const amount = transfers.getByRole("cell", { name: "12.5 PRIV" });
        await amount.waitFor();
        expect(await page.locator(".lead").textContent()).toMatch(/12\.5 PRIV/);
        const call = page.getByRole("region", { name: "Call", exact: true });
        await call.getByText("PRIV.transfer", { exact: true }).waitFor();
        const args = call.getByRole("table", { name: "Arguments" });
        // The decoded arguments: the recipient as an address link, the amount in base units.
        await args.getByRole("link", { name: `Address ${recipient}` }).waitFor();
        expect(
          await args
            .getByRole("row")
            .filter({ hasText: parseUnits("12.5", 18).toString() })
            .count(),
        ).toBe(1);
        // From: the deployer, by name, not a bare address.
        const from = page.getByRole("region", { name: "Transaction" }).getByRole("link", {
          name: new RegExp(`\\(${deployer}\\)$`),
        });
        expect(await from.textContent()).not.toMatch(/^0x/);
        await page.getByRole("region", { name: "Call trace" }).locator("details.call").first().waitFor();
        expect(await page.getByText("sent from outside privnet", { exact: false }).count()).toBe(1);
        expect(await insideWidth(amount, page)).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
      });

      test(`${at} a reverted call shows its reason`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto(`tx/${revertedHash}`);
        const reason = page.getByRole("alert").filter({ hasText: "Reverted:" });
        await reason.waitFor();
        expect(await reason.textContent()).toBe("Reverted: Caller is not an updater");
        expect(await page.getByText("reverted", { exact: true }).first().isVisible()).toBe(true);
        expect(await fitsWidth(page)).toBe(true);
      });

      test(`${at} the blocks follow the chain, and a block lists its transactions`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto("blocks");
        const table = page.getByRole("table", { name: "Blocks" });
        await page.getByText("Live: new blocks appear as the chain grows.").waitFor();
        const head = Number(await table.getByRole("row").nth(1).getByRole("link").textContent());
        // A new block, from outside privnet: the list shows it by itself.
        const stranger = devnet.accounts[18];
        if (!stranger) throw new Error("no account 18");
        await sendRaw(devnet, stranger.privateKey as Hex, { to: recipient, value: 1n });
        await table.getByRole("link", { name: `Block ${head + 1}` }).waitFor();
        const row = table.getByRole("row").nth(1);
        expect(await row.getByRole("meter").getAttribute("aria-label")).toMatch(
          /^Gas used: 21,000 of [\d,]+ \(/,
        );
        expect(await insideWidth(row.getByRole("meter"), page)).toBe(true);
        expect(await fitsWidth(page)).toBe(true);

        const receipt = (await (
          await fetch(`${stack.adminUrl}/chain/transactions/${transferHash}`)
        ).json()) as {
          transaction: { blockNumber: number };
        };
        await goto(`blocks/${receipt.transaction.blockNumber}`);
        const transactions = page.getByRole("table", {
          name: `Transactions of block ${receipt.transaction.blockNumber}`,
        });
        const summary = transactions.getByRole("link", { name: /12\.5 PRIV/ });
        await summary.waitFor();
        expect(await insideWidth(summary, page)).toBe(true);
        await summary.click();
        await page.getByRole("table", { name: "Token transfers" }).waitFor();
      });

      test(`${at} search finds a transaction, a block, an address and a label; the bots are named`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto("wallets");
        const search = page.getByRole("searchbox", { name: "Search the chain" });
        /**
         * Searches `q`: one hit opens at once; several (a block number is also in names such as
         * "System 15") are listed, and the test opens the one it meant.
         */
        const find = async (q: string, meant: RegExp, path: string) => {
          await search.fill(q);
          // Submitting moves to the search page at once; it then opens the hit or lists them.
          await search.press("Enter");
          const outcome = await page.waitForFunction(
            ([target, query]) =>
              location.pathname.endsWith(target)
                ? "opened"
                : // The list's own status for this query ("3 results for “9”:"), not the loading one
                  // ("Loading results for …", after which a single hit opens) nor a previous list's.
                  /^\d+ results for “/.test(
                      document.querySelector("main [role=status]")?.textContent ?? "",
                    ) &&
                    (document.querySelector("main [role=status]")?.textContent ?? "").includes(`“${query}”`)
                  ? "listed"
                  : false,
            [path, q] as const,
            { polling: "raf" },
          );
          if ((await outcome.jsonValue()) === "listed") {
            await page.getByRole("link", { name: meant }).first().click();
          }
          await page.waitForURL((url) => url.pathname.endsWith(path));
        };
        await find(transferHash, /^Transaction /, `/tx/${transferHash}`);
        await page.getByRole("table", { name: "Token transfers" }).waitFor();
        expect(page.url()).toContain(`/tx/${transferHash}`);

        const receipt = (await (
          await fetch(`${stack.adminUrl}/chain/transactions/${transferHash}`)
        ).json()) as {
          transaction: { blockNumber: number; blockHash: string };
        };
        const block = new RegExp(`^Block ${receipt.transaction.blockNumber}$`);
        await find(
          String(receipt.transaction.blockNumber),
          block,
          `/blocks/${receipt.transaction.blockNumber}`,
        );
        await page
          .getByRole("heading", { level: 1, name: `Block ${receipt.transaction.blockNumber}` })
          .waitFor();
        await find(receipt.transaction.blockHash, block, `/blocks/${receipt.transaction.blockNumber}`);
        await page
          .getByRole("heading", { level: 1, name: `Block ${receipt.transaction.blockNumber}` })
          .waitFor();

        await find(recipient, /^Address /, `/address/${recipient}`);
        await page
          .getByRole("table", { name: "Token balances" })
          .getByRole("cell", { name: "12.5 PRIV" })
          .waitFor();
        expect(page.url()).toContain(`/address/${recipient}`);

        // A label, in any case: the oracle contract by its name.
        const oracle = contracts.contracts.find((contract) => contract.name === "PriceOracle")?.address;
        await find("priceoracle", new RegExp(`^Address PriceOracle \\(${oracle}\\)$`), `/address/${oracle}`);
        await page.getByRole("heading", { level: 1, name: /^PriceOracle/ }).waitFor();
        expect(page.url()).toContain(`/address/${oracle}`);

        // Each bot's key is named, whether or not the bot ever ran.
        const bots = (await (await fetch(`${stack.adminUrl}/bots/status`)).json()) as Record<
          string,
          { address: string }
        >;
        for (const [name, bot] of Object.entries(bots)) {
          await goto(`address/${bot.address}`);
          const heading = page.getByRole("heading", { level: 1 });
          await heading.filter({ hasNotText: "Address" }).waitFor();
          expect((await heading.textContent())?.toLowerCase()).toContain(name.toLowerCase());
        }
        expect(await fitsWidth(page)).toBe(true);
      });

      test(`${at} contracts: the ABI downloads as JSON, a read function answers from its form`, async () => {
        const { page, goto } = await open({ stack, viewport });
        await goto("contracts");
        const card = page.getByRole("region", { name: "Contract PRIV", exact: true });
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          card.getByRole("button", { name: "Download the ABI of PRIV", exact: true }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("PRIV.abi.json");
        const stream = await download.createReadStream();
        let text = "";
        for await (const chunk of stream) text += chunk;
        const abi = JSON.parse(text) as { type: string; name?: string }[];
        expect(abi.some((item) => item.type === "function" && item.name === "balanceOf")).toBe(true);

        await card.getByText(/^Read functions/).click();
        const balanceOf = card.getByRole("form", { name: "balanceOf(address)" });
        await balanceOf.getByRole("textbox").fill(recipient);
        await balanceOf.getByRole("button", { name: "Read balanceOf" }).click();
        const result = balanceOf
          .getByRole("status", { name: "Result of balanceOf" })
          .or(balanceOf.locator("output"));
        await result.first().waitFor();
        expect(await result.first().textContent()).toBe(JSON.stringify(parseUnits("12.5", 18).toString()));
        expect(await fitsWidth(page)).toBe(true);
      });
    }

    test("a transaction page opened by its URL starts its read before the app's script has loaded, and reads it once", async () => {
      const { page, goto, requests } = await open({ stack });
      const read = `/chain/transactions/${transferHash}`;
      // The app's bundle is held until the page has asked for the transaction: only the early
      // script (public/early.js) can ask that soon. Released if it has not asked within 10 s, to
      // fail clearly.
      const askedEarly = page
        .waitForRequest((request) => request.url().endsWith(read), { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      let heldBundle = false;
      await page.route(/\/panel\/assets\/index-[^/]+\.js$/, async (route) => {
        heldBundle = (await askedEarly) || heldBundle;
        await route.continue();
      });
      await goto(`tx/${transferHash}`);
      await page.getByRole("region", { name: "Call trace" }).locator("details.call").first().waitFor();
      expect(heldBundle).toBe(true);
      // The app took the early answer: the transaction was read once.
      expect(requests.filter((url) => url.endsWith(read))).toHaveLength(1);
    });

    test("the newer kinds and nested calls: a blob's versioned hashes, a set-code's authorizations, a borrow's call tree", async () => {
      const { platform } = stack;
      // Sent through privnet's pipeline, as a test suite would: a blob (type 3), a delegation of a
      // fresh account to the PRIV token (type 4), and a borrow whose pool calls the oracle and
      // the token (nested frames).
      const blob = await platform.sender.sendTransaction({
        fromWalletId: 3,
        to: recipient,
        blobs: toBlobs({ data: toHex("a blob for the explorer") }),
      });
      const setCode = await platform.sender.sendTransaction({
        fromWalletId: 3,
        to: recipient,
        authorizationList: [
          { contractAddress: contracts.contracts[0]?.address ?? recipient, privateKey: generatePrivateKey() },
        ],
      });
      const [blobDone, setCodeDone] = await Promise.all([blob.wait(), setCode.wait()]);
      await platform.lending.deposit({ fromWalletId: 4, token: "ETH", amount: "10" });
      const borrow = await platform.lending.borrow({ fromWalletId: 4, token: "USDC", amount: "100" });
      // The borrow came last: once its block is indexed, so are the other two.
      expect(blobDone.record.status).toBe("confirmed");
      expect(setCodeDone.record.status).toBe("confirmed");
      await platform.explorer.waitForBlock(borrow.blockNumber);
      const onChainBlob = await platform.client.getTransaction({ hash: blob.record.hash });

      for (const viewport of [DESKTOP, PHONE]) {
        const { page, goto } = await open({ stack, viewport });
        await goto(`tx/${blob.record.hash}`);
        const blobs = page.getByRole("region", { name: "Blobs (1)" });
        await blobs.waitFor();
        expect(await blobs.getByRole("listitem").allTextContents()).toEqual(onChainBlob.blobVersionedHashes);
        expect(await fitsWidth(page)).toBe(true);

        await goto(`tx/${setCode.record.hash}`);
        const authorizations = page.getByRole("region", { name: "Authorizations (1)" });
        await authorizations.waitFor();
        // The delegate is named (the first of the platform's contracts).
        await authorizations
          .getByRole("link", { name: new RegExp(`${contracts.contracts[0]?.name ?? "-"}`) })
          .first()
          .waitFor();
        expect(await fitsWidth(page)).toBe(true);

        await goto(`tx/${borrow.hash}`);
        const trace = page.getByRole("region", { name: "Call trace" });
        await trace.locator("details.call details.call").first().waitFor();
        // The pool's inner calls are decoded with the callee's ABI.
        expect(await trace.locator("details.call details.call summary").allTextContents()).toEqual(
          expect.arrayContaining([expect.stringMatching(/\.transfer\b/)]),
        );
        expect(await fitsWidth(page)).toBe(true);
      }
    });

    test("State changes: storage named by variable from a loaded artifact, ETH and token balances", async () => {
      const fixture = await buildLedgerArtifacts();
      await stack.platform.contracts.loadArtifacts(fixture.folder);
      const sender = devnet.accounts[17];
      if (!sender) throw new Error("no account 17");
      const account = privateKeyToAccount(sender.privateKey as Hex);
      const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) });
      const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
      const deployed = await client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ data: fixture.contract("Ledger").bytecode }),
        pollingInterval: 50,
      });
      const ledger = getAddress(deployed.contractAddress ?? "0x");
      const hash = await sendRaw(devnet, sender.privateKey as Hex, {
        to: ledger,
        value: parseEther("2"),
        data: encodeFunctionData({
          abi: fixture.contract("Ledger").abi,
          functionName: "borrow",
          args: [7n, 1_500n, recipient, recipient, parseEther("25")],
        }),
      });

      for (const viewport of [DESKTOP, PHONE]) {
        const { page, goto } = await open({ stack, viewport });
        await goto(`tx/${hash}`);
        const section = page.getByRole("region", { name: "State changes" });
        const storage = section.getByRole("table", { name: "Storage changes" });
        const row = (name: string) => storage.getByRole("row").filter({ hasText: name });
        await row("positions[7].debt").waitFor();
        // On a phone the contract folds under the variable, the value before over the value after,
        // and the "Written by" column is dropped.
        const wide = viewport === DESKTOP;
        expect(await row("positions[7].debt").getByRole("cell").allInnerTexts()).toEqual(
          wide
            ? [expect.stringMatching(/Ledger/), "positions[7].debt uint128", "0", "1500", "top call"]
            : [expect.stringMatching(/^positions\[7\]\.debt uint128\n.*Ledger/), "0 →\n1500"],
        );
        /** The value after, as shown: the cell's last line. */
        const after = async (name: string) => {
          const cell = row(name)
            .getByRole("cell")
            .nth(wide ? 3 : 1);
          // biome-ignore lint/performance/useDomNodeTextContent: as shown; its text has the hidden value before too.
          const shown = await cell.innerText();
          return shown.split("\n").at(-1);
        };
        expect(await after("owner")).toBe(recipient);
        expect(await after(`deposits[${account.address}]`)).toBe(parseEther("2").toString());
        // The token's slots, written by the Ledger's call into it.
        if (wide) {
          expect(await row(`balanceOf[${recipient}]`).getByRole("cell").nth(4).textContent()).toBe("call 0");
        }
        const balances = section.getByRole("table", { name: "Balance changes" });
        await balances.getByRole("row").filter({ hasText: "+25" }).waitFor();
        expect(await balances.getByRole("cell", { name: "+2 ETH" }).count()).toBe(1);
        expect(await fitsWidth(page)).toBe(true);
      }
    });

    test("a stored wallet's page gains its chain transactions; a label given on an address page names it", async () => {
      const { page, goto } = await open({ stack });
      // System 19 (wallet 20) sent the reverted oracle update from outside privnet.
      await goto("wallets/20");
      const onChain = page.getByRole("table", { name: "On chain: every transaction of System 19" });
      const row = onChain.getByRole("row").filter({ hasText: "PriceOracle.updatePrice" });
      await row.waitFor();
      expect(await row.getByText("reverted", { exact: true }).count()).toBe(1);

      await goto(`address/${recipient}`);
      const form = page.getByRole("form", { name: "Label" });
      await form.getByLabel("Your label").fill("Cold storage");
      await form.getByRole("button", { name: "Save label" }).click();
      await page.getByRole("heading", { level: 1, name: /^Cold storage/ }).waitFor();
      // The transfer's page names it too.
      await goto(`tx/${transferHash}`);
      await page.locator(".lead").filter({ hasText: "→ Cold storage" }).waitFor();
      await goto(`address/${recipient}`);
      await page.getByRole("form", { name: "Label" }).getByRole("button", { name: "Remove label" }).click();
      await page.getByRole("heading", { level: 1, name: /^Address/ }).waitFor();
    });

    test("register a contract: a bad ABI is refused with the reason; a good one names its address everywhere", async () => {
      const { page, goto } = await open({ stack });
      await goto("contracts");
      const form = page.getByRole("region", { name: "Register a contract" });
      const oracle = contracts.contracts.find((contract) => contract.name === "PriceOracle")?.address ?? "";
      await form.getByLabel("Name").fill("My oracle");
      await form.getByLabel("Address").fill(oracle);
      await form.getByLabel("ABI (JSON)").fill('[{"type":"function","name":1}]');
      await form.getByRole("button", { name: "Register contract" }).click();
      const refused = form.getByRole("alert");
      await refused.waitFor();
      expect(await refused.textContent()).toMatch(/^The contract was not registered\..*\(INVALID_ABI\)$/);

      await form.getByLabel("ABI (JSON)").fill(JSON.stringify(oracleAbi));
      await form.getByRole("button", { name: "Register contract" }).click();
      await form.getByRole("status").filter({ hasText: "Registered My oracle" }).waitFor();
      await page.getByRole("region", { name: "Contract My oracle" }).waitFor();
    });
  },
  { isolateTests: false },
);
