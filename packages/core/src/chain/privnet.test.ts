import { expect, test } from "vitest";
import { deriveAccounts, firstIndexes } from "./deriveAccounts.js";
import { privnet } from "./privnet.js";
import { SYSTEM_MNEMONIC } from "./systemAccounts.js";

test("privnet is chain 3151908 with 18-decimal ETH and 2 s blocks", () => {
  expect(privnet).toMatchInlineSnapshot(`
    {
      "blockTime": 2000,
      "id": 3151908,
      "name": "privnet",
      "nativeCurrency": {
        "decimals": 18,
        "name": "Ether",
        "symbol": "ETH",
      },
      "rpcUrls": {
        "default": {
          "http": [
            "http://127.0.0.1:8545",
          ],
        },
      },
      "testnet": true,
    }
  `);
});

test("deriveAccounts gives the Kurtosis prefunded accounts from the system mnemonic", () => {
  const accounts = deriveAccounts(SYSTEM_MNEMONIC, firstIndexes(21));
  expect(accounts).toHaveLength(21);
  // Well-known addresses of every Kurtosis ethereum-package devnet (indexes 0, 1 and 20).
  expect(accounts[0]?.address).toBe("0x8943545177806ED17B9F23F0a21ee5948eCaa776");
  expect(accounts[1]?.address).toBe("0xE25583099BA105D9ec0A67f5Ae86D90e50036425");
  expect(accounts[0]?.privateKey).toBe("0xbcdf20249abf0ed6d944c0288fad489e33f66b3960d9e6229c1cd214ed3bbe31");
  expect(new Set(accounts.map((account) => account.address)).size).toBe(21);
});

test("deriveAccounts derives any set of indexes, in the order given", () => {
  const [late, early] = deriveAccounts(SYSTEM_MNEMONIC, [20, 0]);
  const all = deriveAccounts(SYSTEM_MNEMONIC, firstIndexes(21));
  expect(late).toEqual(all[20]);
  expect(early).toEqual(all[0]);
});
