import { MessageChannel, Worker } from "node:worker_threads";
import { afterEach, describe, expect, test } from "vitest";
import { type WorkerAnswers, workerCalls } from "./workerCalls.js";

type Thread = {
  double(value: number): number;
  fail(code: string): never;
  later(value: string): string;
};
type Owner = { restart(keepPool: boolean): { restarted: boolean; keepPool: boolean } };

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** Two ends of one channel in this thread: the owner's and a "thread" answering `answers`. */
function connected(answers: Partial<WorkerAnswers<Thread>>, ownerAnswers?: WorkerAnswers<Owner>) {
  const channel = new MessageChannel();
  channels.push(channel);
  const owner = workerCalls<Thread, Owner>(channel.port1, ownerAnswers ? { answers: ownerAnswers } : {});
  const thread = workerCalls<Owner, Thread>(channel.port2, { answers: answers as WorkerAnswers<Thread> });
  return { owner, thread, channel };
}

describe("calls to a worker thread", () => {
  test("each call gets its own answer by id, whatever order they are answered in", async () => {
    let first: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (first = resolve));
    const { owner } = connected({
      double: (value: number) => value * 2,
      later: async (value) => {
        if (value === "slow") await gate;
        return value.toUpperCase();
      },
    });
    const slow = owner.call("later", "slow");
    const fast = owner.call("later", "fast");
    await expect(fast).resolves.toBe("FAST");
    first?.();
    await expect(slow).resolves.toBe("SLOW");
    await expect(owner.call("double", 21)).resolves.toBe(42);
    expect(owner.waiting).toBe(0);
  });

  test("an error thrown on the other side rejects the call as an error, with its message, name and code", async () => {
    const { owner } = connected({
      fail: (code) => {
        const error = Object.assign(new RangeError("out of range"), { code });
        throw error;
      },
    });
    await expect(owner.call("fail", "FAULT_INVALID")).rejects.toMatchObject({
      message: "out of range",
      name: "RangeError",
      code: "FAULT_INVALID",
    });
    await expect(owner.call("double", 1)).rejects.toThrow('this thread answers no call "double"');
  });

  test("both sides call each other on one port", async () => {
    const { owner, thread } = connected(
      { double: (value) => value * 2 },
      { restart: (keepPool) => ({ restarted: true, keepPool }) },
    );
    const [asked, answered] = await Promise.all([owner.call("double", 4), thread.call("restart", true)]);
    expect(asked).toBe(8);
    expect(answered).toEqual({ restarted: true, keepPool: true });
  });

  test("a port that closes rejects the calls waiting and every later one", async () => {
    const { owner, channel } = connected({ later: () => new Promise<string>(() => undefined) });
    const waiting = owner.call("later", "never");
    channel.port2.close();
    await expect(waiting).rejects.toThrow("The worker thread is gone (its port closed) before it answered.");
    await expect(owner.call("double", 1)).rejects.toBe(owner.gone);
  });

  test("a thread that exits rejects its calls with the error its owner gives", async () => {
    const worker = new Worker(
      'require("node:worker_threads").parentPort.on("message", () => process.exit(3));',
      { eval: true },
    );
    const calls = workerCalls<Thread>(worker, {
      unrefWhenIdle: true,
      goneError: (code) => new Error(`the thread left with ${code}`),
    });
    await expect(calls.call("double", 1)).rejects.toThrow("the thread left with 3");
    await expect(calls.call("double", 2)).rejects.toThrow("the thread left with 3");
  });

  test("unrefWhenIdle: unreferenced at once and once answered, referenced while a call waits", async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const owner = workerCalls<Thread>(channel.port1, { unrefWhenIdle: true });
    workerCalls(channel.port2, { answers: { double: (value: number) => value * 2 } });
    expect(channel.port1.hasRef()).toBe(false);
    const answer = owner.call("double", 2);
    expect(channel.port1.hasRef()).toBe(true);
    await answer;
    expect(channel.port1.hasRef()).toBe(false);
    owner.keepAlive();
    await owner.call("double", 3);
    expect(channel.port1.hasRef()).toBe(true);
  });
});
