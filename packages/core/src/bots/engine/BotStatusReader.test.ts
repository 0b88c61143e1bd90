import { useDevnet } from "@privnet/devnet/vitest";
import { custom, http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../../platform/createPlatform.js";
import { nextBotEvents, transactionWith } from "../fixtures/nextBotEvents.js";

const devnet = useDevnet();

/** A transport to the devnet that can hold every request until released: a node that stopped answering. */
function holdableTransport() {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let held: (() => void)[] | undefined;
  const transport = custom(
    {
      async request({ method, params }) {
        if (held) await new Promise<void>((resolve) => held?.push(resolve));
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  return {
    transport,
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const resume of waiting) resume();
    },
  };
}

test("the bots' status answers from memory while the node answers nothing: counters, rates and contracts as last known", async () => {
  const node = holdableTransport();
  const platform = await createPlatform({
    transport: node.transport,
    pollingInterval: 100,
    bots: { env: {} },
  });
  try {
    const deployed = nextBotEvents(platform, "erc20", (event) => event.type === "deployed");
    const confirmed = nextBotEvents(platform, "erc20", transactionWith("confirmed"), 3);
    await platform.bots.start("erc20", { interval: 50 });
    const [token] = (await deployed).map((event) => event.address);
    await confirmed;
    await platform.bots.stop("erc20");
    await platform.bots.settled("erc20");
    const before = await platform.bots.get("erc20");
    expect(before.contract).toBe(token);

    node.hold();
    // Every read below would wait for the node if it asked it: none does.
    const status = await platform.bots.status();
    const contracts = await platform.bots.contracts();
    const controls = await platform.bots.controls("erc20");
    expect(status.erc20).toEqual(before);
    expect(status.erc20?.stats.confirmed).toBeGreaterThanOrEqual(3);
    expect(contracts.erc20?.address).toBe(token);
    expect(controls).toMatchObject({ bot: "erc20", measuredTxPerBlock: expect.any(Number) });
    expect(Object.keys(status)).toEqual(["transfer", "erc20", "nft"]);
  } finally {
    node.release();
    await platform.close();
  }
});
