import { describe, expect, test } from "vitest";
import {
  OutdatedTickError,
  runSendSteps,
  runTickSteps,
  SEND_STEPS,
  type SendFlow,
  type SendStep,
  StoppedError,
  TICK_STEPS,
  type TickFlow,
  type TickStep,
} from "./tickSteps.js";

// The runner's own order rules, shown on its steps alone: each test puts a tick (or a send) in a
// wait, lets the chain go back or the bot stop during it, and looks at what got through. Swapped
// steps let it through; the order the runner uses does not.

function swapped<Step extends string>(steps: readonly Step[], first: Step, second: Step): Step[] {
  return steps.map((step) => (step === first ? second : step === second ? first : step));
}

/** A promise to settle from outside. */
function gate<T>() {
  let open: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** A tick whose payment waits; `during` happens while it waits. */
async function tickWhile(during: (world: { rewinds: number; running: boolean }) => void, order?: TickStep[]) {
  const world = { rewinds: 0, running: true };
  const paid = gate<undefined>();
  const ran: string[] = [];
  const began = world.rewinds;
  const flow: TickFlow = {
    payForTick: () => paid.promise,
    running: () => world.running,
    outdated: () => began !== world.rewinds,
    runTick: async () => {
      ran.push("tick");
    },
  };
  const tick = runTickSteps(flow, order);
  during(world);
  paid.open(undefined);
  const outcome = await tick.then(
    () => "ended",
    (error: unknown) => error,
  );
  return { outcome, ran };
}

/** A send whose turn at the gate waits; `during` happens while it waits. */
async function sendWhile(
  during: (world: { rewinds: number }) => void,
  order?: SendStep[],
  turn: "given" | "closed" = "given",
) {
  const world = { rewinds: 0 };
  const began = world.rewinds;
  const released = gate<boolean>();
  const submitted: string[] = [];
  const flow: SendFlow<string> = {
    outdated: () => began !== world.rewinds,
    takeTurn: () => released.promise,
    fundOwnKey: async () => {},
    submit: async (check) => {
      submitted.push("estimated");
      check();
      submitted.push("sent");
      return "0xsent";
    },
  };
  const send = runSendSteps(flow, order);
  during(world);
  released.open(turn === "given");
  const outcome = await send.then(
    (sent) => sent,
    (error: unknown) => error,
  );
  return { outcome, submitted };
}

describe("a tick's steps", () => {
  test("the order is the rules' order", () => {
    expect(TICK_STEPS).toEqual(["payForTick", "endIfStopped", "refuseIfOutdated", "runTick"]);
  });

  test("a tick that waited to be paid for while the chain went back sends nothing", async () => {
    const { outcome, ran } = await tickWhile((world) => world.rewinds++);
    expect(outcome).toBeInstanceOf(OutdatedTickError);
    expect(ran).toEqual([]);
  });

  test("…which fails with the rewind checked before the wait", async () => {
    const order = swapped(TICK_STEPS, "payForTick", "refuseIfOutdated");
    const { outcome, ran } = await tickWhile((world) => world.rewinds++, order);
    expect(outcome).toBe("ended");
    expect(ran).toEqual(["tick"]);
  });

  test("a tick that waited to be paid for while the bot stopped ends quietly", async () => {
    const { outcome, ran } = await tickWhile((world) => {
      world.running = false;
    });
    expect(outcome).toBe("ended");
    expect(ran).toEqual([]);
  });

  test("…which fails with the stop checked before the wait", async () => {
    const order = swapped(TICK_STEPS, "payForTick", "endIfStopped");
    const { ran } = await tickWhile((world) => {
      world.running = false;
    }, order);
    expect(ran).toEqual(["tick"]);
  });

  test("a tick nothing happened to runs", async () => {
    expect(await tickWhile(() => {})).toEqual({ outcome: "ended", ran: ["tick"] });
  });
});

describe("a tick's send", () => {
  test("the order is the rules' order", () => {
    expect(SEND_STEPS).toEqual([
      "refuseIfOutdated",
      "waitForTurn",
      "fundOwnKey",
      "recheckOutdated",
      "submit",
    ]);
  });

  test("a send that waited for its turn while the chain went back is refused before it is estimated", async () => {
    const { outcome, submitted } = await sendWhile((world) => world.rewinds++);
    expect(outcome).toBeInstanceOf(OutdatedTickError);
    expect(submitted).toEqual([]);
  });

  test("…which fails with the rewind checked before the turn", async () => {
    const order = swapped(SEND_STEPS, "waitForTurn", "recheckOutdated");
    const { submitted } = await sendWhile((world) => world.rewinds++, order);
    expect(submitted).toEqual(["estimated"]);
  });

  test("an outdated send takes no turn at the gate", async () => {
    const world = { rewinds: 1 };
    const turns: string[] = [];
    const flow: SendFlow<string> = {
      outdated: () => world.rewinds !== 0,
      takeTurn: async () => {
        turns.push("taken");
        return true;
      },
      fundOwnKey: async () => {},
      submit: async () => "0xsent",
    };
    await expect(runSendSteps(flow)).rejects.toBeInstanceOf(OutdatedTickError);
    expect(turns).toEqual([]);
    await expect(
      runSendSteps(flow, swapped(SEND_STEPS, "refuseIfOutdated", "waitForTurn")),
    ).rejects.toBeInstanceOf(OutdatedTickError);
    expect(turns).toEqual(["taken"]);
  });

  test("a send whose gate closed (the bot stopped) is not sent", async () => {
    const { outcome, submitted } = await sendWhile(() => {}, undefined, "closed");
    expect(outcome).toBeInstanceOf(StoppedError);
    expect(submitted).toEqual([]);
  });

  test("a send nothing happened to is sent", async () => {
    expect(await sendWhile(() => {})).toEqual({ outcome: "0xsent", submitted: ["estimated", "sent"] });
  });
});
