import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  http,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import {
  compileRevertFixture,
  type RevertFixture,
} from "../../core/src/explorer/revertLocation/fixtures/compileRevertFixture.js";
import { describePanel } from "./fixtures/describePanel.js";
import { sendRaw } from "./fixtures/sendRaw.js";

describePanel("a located revert", ({ open, devnet }) => {
  test("the transaction page shows the file and line of the revert, the call path and the console.log lines", async () => {
    const fixture: RevertFixture = await compileRevertFixture();
    const { page, goto, stack } = await open();
    await stack.platform.contracts.loadArtifacts({ source: "reverts", files: fixture.files });

    const key = devnet.accounts[17]?.privateKey as Hex;
    const account = privateKeyToAccount(key);
    const transport = http(devnet.rpcUrl);
    const wallet = createWalletClient({ account, chain: devnet.chain, transport });
    const client = createPublicClient({ chain: devnet.chain, transport });
    const deploy = async (data: Hex) => {
      const hash = await wallet.sendTransaction({ data });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return receipt.contractAddress as Address;
    };
    const token = fixture.contract("Token.sol", "Token");
    const vault = fixture.contract("Vault.sol", "Vault");
    const tokenAddress = await deploy(token.bytecode);
    const vaultAddress = await deploy(
      encodeDeployData({ abi: vault.abi, bytecode: vault.bytecode, args: [tokenAddress] }),
    );
    const hash = await sendRaw(devnet, key, {
      to: vaultAddress,
      data: encodeFunctionData({ abi: vault.abi, functionName: "withdraw", args: [account.address, 5n] }),
      gas: 300_000n,
    });

    await goto(`tx/${hash}`);
    const where = page.getByRole("region", { name: "Where it reverted" });
    await where.waitFor();
    const line = fixture.lineOf("Token.sol", "require(balanceOf[msg.sender] >= amount");
    expect(await where.getByTestId("revert-file").textContent()).toMatch(
      new RegExp(`^contracts/Token\\.sol:${line}:\\d+$`),
    );
    expect(await where.locator("pre").textContent()).toBe(
      'require(balanceOf[msg.sender] >= amount, "Token: balance too low");',
    );
    expect(
      await where.getByRole("list", { name: "Call path" }).getByRole("listitem").allTextContents(),
    ).toEqual([
      `Vault.withdraw contracts/Vault.sol:${fixture.lineOf("Vault.sol", "token.transfer(to, amount);")}`,
      `Token.transfer contracts/Token.sol:${line}`,
    ]);
    const reason = page.getByRole("alert").filter({ hasText: "Reverted:" });
    expect(await reason.textContent()).toBe("Reverted: Token: balance too low");
    const printed = page.getByRole("region", { name: "console.log" });
    expect(await printed.locator("pre").textContent()).toBe("withdraw 5");
  }, 120_000);
});
