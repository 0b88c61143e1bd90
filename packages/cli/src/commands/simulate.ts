import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { UsageError } from "../config/UsageError.js";
import { adminEndpoint } from "./adminEndpoint.js";
import { type Details, formatExplanation } from "./tx.js";

export type SimulateOptions = {
  /** A JSON file holding the whole body of `POST /chain/simulate` (several calls, overrides). */
  file: string | undefined;
  flags: {
    from?: string | undefined;
    to?: string | undefined;
    data?: string | undefined;
    function?: string | undefined;
    /** The function's arguments as a JSON array. */
    args?: string | undefined;
    /** Decimal ETH. */
    value?: string | undefined;
    block?: string | undefined;
    save?: boolean | undefined;
    json?: boolean | undefined;
    url?: string | undefined;
    config?: string | undefined;
  };
  cwd: string;
  env: NodeJS.ProcessEnv;
  write?: (line: string) => void;
};

type Answer = {
  id: string | null;
  blockNumber: number;
  runBlock: { number: number; time: number };
  calls: (Details & { transaction: { index: number } })[];
  error?: string;
};

/**
 * `privnet simulate`: one call from flags (`--from`, `--to`, `--function` with `--args` or
 * `--data`, `--value`, `--block`) or a bundle from a JSON file (the body of
 * `POST /chain/simulate`: calls, overrides, block overrides), simulated by a running stack and
 * printed like `privnet tx` prints a transaction, call by call (`--json`: the API's answer).
 * `--save` keeps it and prints its link. Resolves with the exit code: 1 when the API refuses it or
 * a call reverts.
 *
 * @example
 * process.exitCode = await simulate({ file: "bundle.json", flags: {}, cwd: process.cwd(), env: process.env });
 */
export async function simulate(options: SimulateOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const body = await requestBody(options);
  const { url, headers, fetch } = await adminEndpoint(options);
  const response = await fetch(`${url}/chain/simulate`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer;
  if (!response.ok) {
    write(`privnet: ${url}/chain/simulate answered ${response.status}: ${answer.error ?? "?"}`);
    return 1;
  }
  if (options.flags.json) write(JSON.stringify(answer, null, 2));
  else {
    write(`simulated on block ${answer.blockNumber}'s state, as block ${answer.runBlock.number}`);
    for (const call of answer.calls) {
      for (const line of formatExplanation(
        call,
        `call ${call.transaction.index}  ${call.transaction.status}`,
      )) {
        write(line);
      }
    }
    if (answer.id) write(`saved: ${url}/chain/simulations/${answer.id}`);
  }
  return answer.calls.every((call) => call.transaction.status === "success") ? 0 : 1;
}

async function requestBody(options: SimulateOptions): Promise<Record<string, unknown>> {
  const { flags } = options;
  const callFlags = [flags.from, flags.to, flags.data, flags.function, flags.args, flags.value];
  if (options.file) {
    if (callFlags.some((flag) => flag !== undefined)) {
      throw new UsageError("privnet simulate <file>: the file holds the calls; drop --from, --to, --data, …");
    }
    const path = resolve(options.cwd, options.file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(path, "utf8"));
    } catch (error) {
      throw new UsageError(`privnet simulate: cannot read ${path} as JSON: ${(error as Error).message}`);
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new UsageError(`privnet simulate: ${path} must hold an object ({ "calls": [ … ] }).`);
    }
    return { ...(parsed as Record<string, unknown>), ...(flags.save ? { save: true } : {}) };
  }
  if (!flags.from)
    throw new UsageError(
      "privnet simulate: give --from (and --to, --function/--args or --data), or a JSON file.",
    );
  let args: unknown;
  if (flags.args !== undefined) {
    try {
      args = JSON.parse(flags.args);
    } catch {
      throw new UsageError(`--args must be a JSON array, e.g. '["0x…", "100"]'.`);
    }
    if (!Array.isArray(args)) throw new UsageError(`--args must be a JSON array, e.g. '["0x…", "100"]'.`);
  }
  if (flags.block !== undefined && flags.block !== "latest" && !/^\d+$/.test(flags.block)) {
    throw new UsageError(`--block is a block number or "latest", got "${flags.block}".`);
  }
  const call = {
    from: flags.from,
    ...(flags.to === undefined ? {} : { to: flags.to }),
    ...(flags.data === undefined ? {} : { data: flags.data }),
    ...(flags.function === undefined ? {} : { function: flags.function }),
    ...(args === undefined ? {} : { args }),
    ...(flags.value === undefined ? {} : { value: flags.value }),
  };
  return {
    calls: [call],
    ...(flags.block === undefined
      ? {}
      : { block: flags.block === "latest" ? "latest" : Number(flags.block) }),
    ...(flags.save ? { save: true } : {}),
  };
}
