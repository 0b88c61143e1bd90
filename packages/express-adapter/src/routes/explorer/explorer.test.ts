import { deriveAccounts, KEY_INDEXES, type Platform, privnet, SYSTEM_MNEMONIC } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, encodeFunctionData, erc20Abi, type Hash, type Hex, parseEther, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { call, callJson, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

const devnet = useDevnet();
const accounts = deriveAccounts(SYSTEM_MNEMONIC, [1, 2, KEY_INDEXES.contractsOwner]);
const system1 = (accounts[0] as { address: Address }).address;
const system2 = (accounts[1] as { address: Address }).address;
const deployer = privateKeyToAccount((accounts[2] as { privateKey: Hex }).privateKey);

/** Sends from an anvil account as cast would, outside privnet. */
function castSend(tx: { from: Address; to: Address; value?: bigint; data?: Hex; gas?: bigint }) {
  return devnet.request<Hash>("eth_sendTransaction", [
    {
      from: tx.from,
      to: tx.to,
      ...(tx.value === undefined ? {} : { value: `0x${tx.value.toString(16)}` }),
      ...(tx.data ? { data: tx.data } : {}),
      ...(tx.gas === undefined ? {} : { gas: `0x${tx.gas.toString(16)}` }),
    },
  ]);
}

async function indexed(platform: Platform, hash: Hash) {
  // Mined at once by anvil, yet its receipt may show a moment later: wait for it on the chain.
  const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await platform.explorer.waitForBlock(receipt.blockNumber);
  return Number(receipt.blockNumber);
}

/**
 * The answer with what differs between runs replaced: hashes, block numbers and times, fees and
 * balances; addresses by who they are.
 */
function normalise(value: unknown, names: Record<string, string>): unknown {
  const varying = new Set([
    "timestamp",
    "effectiveGasPrice",
    "fee",
    "formattedFee",
    "baseFeePerGas",
    "blockNumber",
    "number",
    "head",
    "indexedTo",
    "balance",
    "formattedBalance",
    "createdAt",
    "nextCursor",
  ]);
  const walk = (inner: unknown, key?: string): unknown => {
    if (key !== undefined && varying.has(key) && inner !== null) return `<${key}>`;
    if (typeof inner === "string") {
      if (/^0x[0-9a-fA-F]{64}$/.test(inner)) return "<hash>";
      if (/^0x[0-9a-fA-F]{40}$/.test(inner)) return `<${names[inner.toLowerCase()] ?? "address"}>`;
      return inner;
    }
    if (Array.isArray(inner)) return inner.map((entry) => walk(entry));
    if (inner !== null && typeof inner === "object") {
      return Object.fromEntries(Object.entries(inner).map(([name, entry]) => [name, walk(entry, name)]));
    }
    return inner;
  };
  return walk(value);
}

/** The PRIV transfer's changes on the wire: the sender paid its fee, 12.5 PRIV moved, two balances by holder. */
function expectStateChanges(changes: unknown, parties: { token: Address; from: Address; to: Address }) {
  const balanceVariable = {
    name: expect.stringMatching(/^_balances\[0x[0-9a-fA-F]{40}\]$/),
    type: "uint256",
    before: expect.stringMatching(/^\d+$/),
    after: expect.stringMatching(/^\d+$/),
  };
  expect(changes).toMatchObject({
    balances: expect.arrayContaining([
      expect.objectContaining({
        address: parties.from,
        delta: expect.stringMatching(/^-\d+$/),
        formattedDelta: expect.stringMatching(/^-0\.\d+$/),
      }),
    ]),
    tokens: [
      {
        token: parties.token,
        holder: parties.from,
        delta: "-12500000000000000000",
        tokenId: null,
        symbol: "PRIV",
      },
      {
        token: parties.token,
        holder: parties.to,
        delta: "12500000000000000000",
        tokenId: null,
        symbol: "PRIV",
      },
    ],
    // The platform token's slots by variable, from the storage layout in privnet's bindings.
    storage: [
      { address: parties.token, contract: "PRIV", variables: [balanceVariable], frames: [[]] },
      { address: parties.token, contract: "PRIV", variables: [balanceVariable], frames: [[]] },
    ],
  });
}

describe("explorer routes", () => {
  test("GET /chain/blocks and /chain/blocks/:numberOrHash: newest first, paged, with decoded transactions", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    await indexed(platform, await castSend({ from: system1, to: system2, value: parseEther("1") }));
    const block = await indexed(
      platform,
      await castSend({ from: system2, to: system1, value: parseEther("2.5") }),
    );
    const names = { [system1.toLowerCase()]: "System 1", [system2.toLowerCase()]: "System 2" };

    const first = await call(`${url}/chain/blocks?limit=1`);
    expect(first.status).toBe(200);
    const page = first.body as {
      blocks: { number: number; hash: string }[];
      nextCursor: string;
      head: number;
      indexedTo: number;
    };
    expect(page.blocks.map((entry) => entry.number)).toEqual([block]);
    expect(page.indexedTo).toBe(block);
    expect(page.head).toBeGreaterThanOrEqual(block);
    expect(normalise(first.body, names)).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "baseFeePerGas": "<baseFeePerGas>",
            "gasLimit": "60000000",
            "gasUsed": "21000",
            "hash": "<hash>",
            "miner": "<address>",
            "number": "<number>",
            "parentHash": "<hash>",
            "timestamp": "<timestamp>",
            "transactionCount": 1,
          },
        ],
        "head": "<head>",
        "indexedTo": "<indexedTo>",
        "nextCursor": "<nextCursor>",
      }
    `);
    const second = (await call(`${url}/chain/blocks?limit=1&cursor=${page.nextCursor}`)).body as typeof page;
    expect(second.blocks.map((entry) => entry.number)).toEqual([block - 1]);

    const byNumber = await call(`${url}/chain/blocks/${block}`);
    expect(byNumber.status).toBe(200);
    expect(normalise(byNumber.body, names)).toMatchInlineSnapshot(`
      {
        "block": {
          "baseFeePerGas": "<baseFeePerGas>",
          "gasLimit": "60000000",
          "gasUsed": "21000",
          "hash": "<hash>",
          "miner": "<address>",
          "number": "<number>",
          "parentHash": "<hash>",
          "timestamp": "<timestamp>",
          "transactionCount": 1,
        },
        "transactions": [
          {
            "blockHash": "<hash>",
            "blockNumber": "<blockNumber>",
            "contractAddress": null,
            "contractAddressLabel": null,
            "effectiveGasPrice": "<effectiveGasPrice>",
            "fee": "<fee>",
            "formattedFee": "<formattedFee>",
            "formattedValue": "2.5",
            "from": "<System 2>",
            "fromLabel": {
              "name": "System 2",
              "source": "system",
            },
            "gasUsed": "21000",
            "hash": "<hash>",
            "index": 0,
            "kind": "transfer",
            "method": null,
            "selector": null,
            "sentByPrivnet": false,
            "status": "success",
            "summary": "2.5 ETH → System 1",
            "timestamp": "<timestamp>",
            "to": "<System 1>",
            "toLabel": {
              "name": "System 1",
              "source": "system",
            },
            "tokenTransfers": [],
            "value": "2500000000000000000",
          },
        ],
      }
    `);
    expect((await call(`${url}/chain/blocks/${page.blocks[0]?.hash}`)).body).toEqual(byNumber.body);

    expect(await call(`${url}/chain/blocks/${block + 1000}`)).toMatchObject({
      status: 404,
      body: { code: "BLOCK_NOT_FOUND" },
    });
    expect(await call(`${url}/chain/blocks/latest`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    // One canonical form per block number: leading zeros, signs and spaces are refused.
    for (const lenient of [`0${block}`, `%20${block}`, `%2B${block}`]) {
      expect(await call(`${url}/chain/blocks/${lenient}`)).toMatchObject({
        status: 400,
        body: { code: "VALIDATION_FAILED" },
      });
    }
    expect(await call(`${url}/chain/blocks?limit=%201`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await call(`${url}/chain/blocks?limit=0`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await call(`${url}/chain/blocks?cursor=nope`)).toMatchObject({
      status: 400,
      body: { code: "INVALID_QUERY" },
    });
  });

  test("GET /chain/transactions/:hash and /chain/addresses/:address: a token transfer sent outside privnet, decoded, with its trace", async () => {
    const platform = await startPlatform(devnet.rpcUrl, {
      pollingInterval: 50,
      contracts: true,
      bots: { env: {} },
    });
    const { url } = await serveAdmin(platform);
    const { addresses } = await platform.contracts.get();
    const nonce = await devnet.request<Hex>("eth_getTransactionCount", [deployer.address, "pending"]);
    const signed = await deployer.signTransaction({
      chainId: privnet.id,
      to: addresses.platformToken,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [system1, parseEther("12.5")],
      }),
      nonce: Number(nonce),
      gas: 100_000n,
      maxFeePerGas: parseGwei("50"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
    const hash = await devnet.request<Hash>("eth_sendRawTransaction", [signed]);
    await indexed(platform, hash);
    const names = {
      [system1.toLowerCase()]: "System 1",
      [deployer.address.toLowerCase()]: "deployer",
      [addresses.platformToken.toLowerCase()]: "PRIV",
    };

    const answer = await call(`${url}/chain/transactions/${hash}`);
    expect(answer.status).toBe(200);
    const { stateChanges, ...details } = answer.body as { stateChanges: unknown };
    expectStateChanges(stateChanges, { token: addresses.platformToken, from: deployer.address, to: system1 });
    expect(normalise(details, names)).toMatchInlineSnapshot(`
      {
        "authorizationList": null,
        "blobVersionedHashes": null,
        "consoleLogs": [],
        "gasLimit": "100000",
        "input": "0xa9059cbb000000000000000000000000e25583099ba105d9ec0a67f5ae86d90e50036425000000000000000000000000000000000000000000000000ad78ebc5ac620000",
        "logs": [
          {
            "address": "<PRIV>",
            "addressLabel": {
              "name": "PRIV",
              "source": "contract",
            },
            "data": "<hash>",
            "event": {
              "args": [
                {
                  "name": "from",
                  "type": "address",
                  "value": "<deployer>",
                },
                {
                  "name": "to",
                  "type": "address",
                  "value": "<System 1>",
                },
                {
                  "name": "value",
                  "type": "uint256",
                  "value": "12500000000000000000",
                },
              ],
              "contract": "PRIV",
              "name": "Transfer",
              "signature": "Transfer(address,address,uint256)",
            },
            "index": 0,
            "topics": [
              "<hash>",
              "<hash>",
              "<hash>",
            ],
          },
        ],
        "nonce": 23,
        "revertLocation": null,
        "revertReason": null,
        "trace": {
          "calls": [],
          "error": null,
          "from": "<deployer>",
          "fromLabel": {
            "name": "Platform deployer",
            "source": "platform",
          },
          "gasUsed": "51591",
          "input": "0xa9059cbb000000000000000000000000e25583099ba105d9ec0a67f5ae86d90e50036425000000000000000000000000000000000000000000000000ad78ebc5ac620000",
          "method": {
            "args": [
              {
                "name": "to",
                "type": "address",
                "value": "<System 1>",
              },
              {
                "name": "value",
                "type": "uint256",
                "value": "12500000000000000000",
              },
            ],
            "contract": "PRIV",
            "name": "transfer",
            "signature": "transfer(address,uint256)",
          },
          "output": "<hash>",
          "to": "<PRIV>",
          "toLabel": {
            "name": "PRIV",
            "source": "contract",
          },
          "type": "CALL",
          "value": "0",
        },
        "transaction": {
          "blockHash": "<hash>",
          "blockNumber": "<blockNumber>",
          "contractAddress": null,
          "contractAddressLabel": null,
          "effectiveGasPrice": "<effectiveGasPrice>",
          "fee": "<fee>",
          "formattedFee": "<formattedFee>",
          "formattedValue": "0",
          "from": "<deployer>",
          "fromLabel": {
            "name": "Platform deployer",
            "source": "platform",
          },
          "gasUsed": "51591",
          "hash": "<hash>",
          "index": 0,
          "kind": "call",
          "method": {
            "args": [
              {
                "name": "to",
                "type": "address",
                "value": "<System 1>",
              },
              {
                "name": "value",
                "type": "uint256",
                "value": "12500000000000000000",
              },
            ],
            "contract": "PRIV",
            "name": "transfer",
            "signature": "transfer(address,uint256)",
          },
          "selector": "0xa9059cbb",
          "sentByPrivnet": false,
          "status": "success",
          "summary": "transfer 12.5 PRIV → System 1",
          "timestamp": "<timestamp>",
          "to": "<PRIV>",
          "toLabel": {
            "name": "PRIV",
            "source": "contract",
          },
          "tokenTransfers": [
            {
              "amount": "12500000000000000000",
              "decimals": 18,
              "formattedAmount": "12.5 PRIV",
              "from": "<deployer>",
              "fromLabel": {
                "name": "Platform deployer",
                "source": "platform",
              },
              "logIndex": 0,
              "standard": "erc20",
              "symbol": "PRIV",
              "to": "<System 1>",
              "toLabel": {
                "name": "System 1",
                "source": "system",
              },
              "token": "<PRIV>",
              "tokenId": null,
              "tokenLabel": {
                "name": "PRIV",
                "source": "contract",
              },
            },
          ],
          "value": "0",
        },
        "type": "eip1559",
      }
    `);

    const address = await call(`${url}/chain/addresses/${system1}`);
    expect(address.status).toBe(200);
    const body = address.body as {
      tokenBalances: { symbol: string; balance: string }[];
      transactions: { hash: string }[];
    };
    expect(body.tokenBalances).toContainEqual(
      expect.objectContaining({ symbol: "PRIV", balance: parseEther("12.5").toString() }),
    );
    expect(body.transactions[0]?.hash).toBe(hash);
    expect(
      normalise(
        { ...body, tokenBalances: body.tokenBalances.filter((token) => token.symbol === "PRIV") },
        names,
      ),
    ).toMatchInlineSnapshot(`
      {
        "address": "<System 1>",
        "balance": "<balance>",
        "contract": null,
        "formattedBalance": "<formattedBalance>",
        "isContract": false,
        "label": {
          "name": "System 1",
          "source": "system",
        },
        "nextCursor": null,
        "tokenBalances": [
          {
            "balance": "<balance>",
            "decimals": 18,
            "standard": "erc20",
            "symbol": "PRIV",
            "token": "<PRIV>",
            "tokenLabel": {
              "name": "PRIV",
              "source": "contract",
            },
          },
        ],
        "transactions": [
          {
            "blockHash": "<hash>",
            "blockNumber": "<blockNumber>",
            "contractAddress": null,
            "contractAddressLabel": null,
            "effectiveGasPrice": "<effectiveGasPrice>",
            "fee": "<fee>",
            "formattedFee": "<formattedFee>",
            "formattedValue": "0",
            "from": "<deployer>",
            "fromLabel": {
              "name": "Platform deployer",
              "source": "platform",
            },
            "gasUsed": "51591",
            "hash": "<hash>",
            "index": 0,
            "kind": "call",
            "method": {
              "args": [
                {
                  "name": "to",
                  "type": "address",
                  "value": "<System 1>",
                },
                {
                  "name": "value",
                  "type": "uint256",
                  "value": "12500000000000000000",
                },
              ],
              "contract": "PRIV",
              "name": "transfer",
              "signature": "transfer(address,uint256)",
            },
            "selector": "0xa9059cbb",
            "sentByPrivnet": false,
            "status": "success",
            "summary": "transfer 12.5 PRIV → System 1",
            "timestamp": "<timestamp>",
            "to": "<PRIV>",
            "toLabel": {
              "name": "PRIV",
              "source": "contract",
            },
            "tokenTransfers": [
              {
                "amount": "12500000000000000000",
                "decimals": 18,
                "formattedAmount": "12.5 PRIV",
                "from": "<deployer>",
                "fromLabel": {
                  "name": "Platform deployer",
                  "source": "platform",
                },
                "logIndex": 0,
                "standard": "erc20",
                "symbol": "PRIV",
                "to": "<System 1>",
                "toLabel": {
                  "name": "System 1",
                  "source": "system",
                },
                "token": "<PRIV>",
                "tokenId": null,
                "tokenLabel": {
                  "name": "PRIV",
                  "source": "contract",
                },
              },
            ],
            "value": "0",
          },
        ],
      }
    `);

    expect(await call(`${url}/chain/transactions/0x${"ab".repeat(32)}`)).toMatchObject({
      status: 404,
      body: { code: "TRANSACTION_NOT_FOUND" },
    });
    expect(await call(`${url}/chain/transactions/0x12`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await call(`${url}/chain/addresses/0x12`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
  });

  test("GET /chain/search finds a hash, a block number, an address and a label", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    const hash = await castSend({ from: system1, to: system2, value: 1n });
    const block = await indexed(platform, hash);
    const search = async (q: string) => {
      const answer = await call(`${url}/chain/search?q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      return (answer.body as { results: unknown[] }).results;
    };
    expect(await search(hash)).toEqual([{ type: "transaction", value: hash, label: null }]);
    expect(await search(String(block))).toContainEqual({ type: "block", value: String(block), label: null });
    expect(await search(system2)).toEqual([{ type: "address", value: system2, label: "System 2" }]);
    expect(await search("system 1")).toContainEqual({ type: "address", value: system1, label: "System 1" });
    expect(await call(`${url}/chain/search?q=`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
  });

  test("POST /contracts, GET /contracts(/:address), POST /contracts/:address/read", async () => {
    const platform = await startPlatform(devnet.rpcUrl, {
      pollingInterval: 50,
      contracts: true,
      bots: { env: {} },
    });
    const { url } = await serveAdmin(platform);
    const { addresses } = await platform.contracts.get();
    const names = { [addresses.usdc.toLowerCase()]: "USDC", [system1.toLowerCase()]: "System 1" };
    const abi = erc20Abi.filter(
      (item) => item.type === "function" && ["balanceOf", "decimals", "symbol"].includes(item.name),
    );

    const created = await callJson(`${url}/contracts`, { name: "My USDC", address: addresses.usdc, abi });
    expect(created.status).toBe(201);
    expect(normalise(created.body, names)).toMatchInlineSnapshot(`
      {
        "contract": {
          "abi": [
            {
              "inputs": [
                {
                  "name": "account",
                  "type": "address",
                },
              ],
              "name": "balanceOf",
              "outputs": [
                {
                  "type": "uint256",
                },
              ],
              "stateMutability": "view",
              "type": "function",
            },
            {
              "inputs": [],
              "name": "decimals",
              "outputs": [
                {
                  "type": "uint8",
                },
              ],
              "stateMutability": "view",
              "type": "function",
            },
            {
              "inputs": [],
              "name": "symbol",
              "outputs": [
                {
                  "type": "string",
                },
              ],
              "stateMutability": "view",
              "type": "function",
            },
          ],
          "address": "<USDC>",
          "createdAt": "<createdAt>",
          "name": "My USDC",
          "source": "user",
        },
      }
    `);
    const listed = (await call(`${url}/contracts`)).body as {
      registered: unknown[];
      contracts: unknown[];
      bots: unknown;
    };
    expect(listed.registered).toEqual([(created.body as { contract: unknown }).contract]);
    expect(listed.contracts.length).toBeGreaterThan(0);

    const known = await call(`${url}/contracts/${addresses.usdc}`);
    expect(normalise(known.body, names)).toMatchInlineSnapshot(`
      {
        "abi": [
          {
            "inputs": [
              {
                "name": "account",
                "type": "address",
              },
            ],
            "name": "balanceOf",
            "outputs": [
              {
                "type": "uint256",
              },
            ],
            "stateMutability": "view",
            "type": "function",
          },
          {
            "inputs": [],
            "name": "decimals",
            "outputs": [
              {
                "type": "uint8",
              },
            ],
            "stateMutability": "view",
            "type": "function",
          },
          {
            "inputs": [],
            "name": "symbol",
            "outputs": [
              {
                "type": "string",
              },
            ],
            "stateMutability": "view",
            "type": "function",
          },
        ],
        "address": "<USDC>",
        "name": "My USDC",
        "source": "user",
      }
    `);
    expect((await call(`${url}/contracts/${addresses.priceOracle}`)).body).toMatchObject({
      name: "PriceOracle",
      source: "platform",
    });
    expect(await call(`${url}/contracts/${system1}`)).toMatchObject({
      status: 404,
      body: { code: "CONTRACT_NOT_FOUND" },
    });

    const read = (address: string, body: unknown) => callJson(`${url}/contracts/${address}/read`, body);
    expect(await read(addresses.usdc, { function: "symbol" })).toMatchObject({
      status: 200,
      body: { result: "USDC" },
    });
    expect(await read(addresses.usdc, { function: "balanceOf", args: [system1] })).toMatchObject({
      status: 200,
      body: { result: "0" },
    });
    expect(
      await read(addresses.priceOracle, { function: "getPriceInfo", args: [addresses.usdc] }),
    ).toMatchObject({
      status: 200,
      body: { result: [expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/), false] },
    });
    expect(await read(addresses.usdc, { function: "transfer", args: [system1, "1"] })).toMatchObject({
      status: 400,
      body: { code: "INVALID_CONTRACT_CALL" },
    });
    expect(await read(addresses.usdc, { function: "balanceOf", args: [] })).toMatchObject({
      status: 400,
      body: { code: "INVALID_CONTRACT_CALL" },
    });
    expect(await read(addresses.priceOracle, { function: "getPrice", args: [system1] })).toMatchObject({
      status: 400,
      body: { code: "CONTRACT_READ_REVERTED", error: expect.stringContaining("Price not available") },
    });

    // Refused, and nothing stored.
    const refused = await callJson(`${url}/contracts`, {
      name: "Broken",
      address: addresses.dai,
      abi: [{ type: "function", name: "f", inputs: [{ type: "uint257" }] }, { type: "banana" }],
    });
    expect(refused).toMatchObject({ status: 400, body: { code: "INVALID_ABI" } });
    expect((refused.body as { error: string }).error).toMatch(/abi\[0\].*; abi\[1\]/);
    expect(
      await callJson(`${url}/contracts`, { name: "Not an array", address: addresses.dai, abi: {} }),
    ).toMatchObject({
      status: 400,
      body: { code: "INVALID_ABI" },
    });
    // Entries that are not objects (found by fuzzing: a 500 from the schema's transforms).
    const notObjects = await callJson(`${url}/contracts`, {
      name: "Not objects",
      address: addresses.dai,
      abi: [false, -7.2e72, "k08i;Jx", null, [1]],
    });
    expect(notObjects).toMatchObject({ status: 400, body: { code: "INVALID_ABI" } });
    expect((notObjects.body as { error: string }).error).toMatch(
      /^The ABI is not valid: abi\[0\], abi\[1\], abi\[2\], abi\[3\], abi\[4\]: each entry must be an object/,
    );
    // Many bad entries: the first problems and a count, in a message a person reads.
    const many = await callJson(`${url}/contracts`, {
      name: "Many",
      address: addresses.dai,
      abi: Array.from({ length: 30 }, (_, index) => ({
        type: "function",
        name: `f${index}`,
        inputs: [{ type: "uint257" }],
      })),
    });
    expect(many).toMatchObject({ status: 400, body: { code: "INVALID_ABI" } });
    expect((many.body as { error: string }).error).toMatch(/; and \d+ more\.$/);
    expect((many.body as { error: string }).error.length).toBeLessThan(400);
    expect(await callJson(`${url}/contracts`, { name: "EOA", address: system1, abi })).toMatchObject({
      status: 400,
      body: { code: "NO_CONTRACT_CODE" },
    });
    expect(
      await callJson(`${url}/contracts`, { name: "x".repeat(65), address: addresses.dai, abi }),
    ).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(((await call(`${url}/contracts`)).body as { registered: unknown[] }).registered).toHaveLength(1);
  });

  test("PUT, DELETE and GET /labels: a user's own label on top of the others", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { pollingInterval: 50, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    const put = await call(`${url}/labels/${system1.toLowerCase()}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ label: "Alice" }),
    });
    expect(put).toMatchObject({
      status: 200,
      body: { address: system1, label: { name: "Alice", source: "user" } },
    });
    const { labels } = (await call(`${url}/labels`)).body as {
      labels: { address: string; label: unknown }[];
    };
    expect(labels.find((entry) => entry.address === system1)?.label).toEqual({
      name: "Alice",
      source: "user",
    });
    expect(labels.find((entry) => entry.address === system2)?.label).toEqual({
      name: "System 2",
      source: "system",
    });
    expect(labels.some((entry) => entry.label && (entry.label as { source: string }).source === "bot")).toBe(
      true,
    );

    const removed = await call(`${url}/labels/${system1}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    const after = (await call(`${url}/labels`)).body as { labels: { address: string; label: unknown }[] };
    expect(after.labels.find((entry) => entry.address === system1)?.label).toEqual({
      name: "System 1",
      source: "system",
    });

    const long = await call(`${url}/labels/${system1}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ label: "x".repeat(65) }),
    });
    expect(long).toMatchObject({ status: 400, body: { code: "INVALID_LABEL" } });
    expect(await call(`${url}/labels/0x12`, { method: "DELETE" })).toMatchObject({
      status: 400,
      body: { code: "INVALID_ADDRESS" },
    });
  });

  test("a platform without the explorer answers 503 EXPLORER_UNAVAILABLE, and GET /contracts still answers", async () => {
    const platform = await startPlatform(devnet.rpcUrl, { explorer: false, bots: { env: {} } });
    const { url } = await serveAdmin(platform);
    expect(await call(`${url}/chain/blocks`)).toMatchObject({
      status: 503,
      body: { code: "EXPLORER_UNAVAILABLE" },
    });
    expect(await call(`${url}/contracts`)).toMatchObject({ status: 200, body: { registered: [] } });
  });
});
