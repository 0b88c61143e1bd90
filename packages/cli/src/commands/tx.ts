import { UsageError } from "../config/UsageError.js";
import { adminEndpoint } from "./adminEndpoint.js";
import { formatRevertLocation, type RevertLocationBody } from "./formatRevertLocation.js";
import { formatStateChanges, type StateChangesBody } from "./formatStateChanges.js";

export type TxOptions = {
  hash: string | undefined;
  flags: { url?: string | undefined; config?: string | undefined; json?: boolean | undefined };
  cwd: string;
  env: NodeJS.ProcessEnv;
  write?: (line: string) => void;
};

type Label = { name: string } | null;
type Call = { contract: string; name: string; args: { name: string; value: unknown }[] } | null;
type Frame = {
  type: string;
  to: string | null;
  toLabel: Label;
  error: string | null;
  method: Call;
  calls: Frame[];
};
/** What `privnet tx` and `privnet simulate` print of an explained transaction or simulated call. */
export type Details = {
  transaction: {
    status: string;
    blockNumber: number | null;
    from: string;
    fromLabel: Label;
    to: string | null;
    toLabel: Label;
    contractAddress: string | null;
    contractAddressLabel: Label;
    formattedValue: string;
    /** Absent for a simulated call: nothing is paid. */
    formattedFee?: string;
    gasUsed: string;
    method: Call;
    summary: string;
  };
  logs: { index: number; address: string; addressLabel: Label; event: Call }[];
  /** A simulated call's decoded return values. */
  returned?: { name: string; value: unknown }[] | null;
  consoleLogs?: string[];
  revertReason: string | null;
  revertLocation?: RevertLocationBody | null;
  trace: Frame | null;
  stateChanges?: StateChangesBody;
};

/**
 * `privnet tx <hash>`: a transaction as a running stack's explorer decodes it
 * (`GET /chain/transactions/:hash`), printed for a terminal: who called what with which
 * arguments, the decoded logs, the `console.log` lines, the revert reason, the call tree and what
 * it changed (`--json`: the API's answer as it is). Resolves with the exit code.
 *
 * @example
 * process.exitCode = await tx({ hash: "0x…", flags: {}, cwd: process.cwd(), env: process.env });
 */
export async function tx(options: TxOptions): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (!options.hash || !/^0x[0-9a-fA-F]{64}$/.test(options.hash)) {
    throw new UsageError("privnet tx <hash>: give a transaction hash (0x and 64 hex digits).");
  }
  const { url, headers, fetch } = await adminEndpoint(options);
  const response = await fetch(`${url}/chain/transactions/${options.hash}`, { headers });
  const body = (await response.json()) as Details & { transaction: { hash: string }; error?: string };
  if (!response.ok) {
    write(
      `privnet: ${url}/chain/transactions/${options.hash} answered ${response.status}: ${body.error ?? "?"}`,
    );
    return 1;
  }
  if (options.flags.json) {
    write(JSON.stringify(body, null, 2));
    return 0;
  }
  for (const line of formatTransaction(body)) write(line);
  return 0;
}

/** The lines `privnet tx` prints. */
export function formatTransaction(details: Details & { transaction: { hash: string } }): string[] {
  const { transaction } = details;
  return formatExplanation(
    details,
    `${transaction.hash}  ${transaction.status}${transaction.blockNumber === null ? "" : ` in block ${transaction.blockNumber}`}`,
  );
}

/** An explained transaction (or simulated call) under `heading`: the call, logs, console, revert, trace, changes. */
export function formatExplanation(details: Details, heading: string): string[] {
  const { transaction } = details;
  const lines = [
    heading,
    `  ${transaction.summary}`,
    `  from   ${who(transaction.from, transaction.fromLabel)}`,
    transaction.to === null
      ? `  created ${transaction.contractAddress ? who(transaction.contractAddress, transaction.contractAddressLabel) : "?"}`
      : `  to     ${who(transaction.to, transaction.toLabel)}`,
  ];
  if (transaction.method) lines.push(`  call   ${call(transaction.method)}`);
  lines.push(
    `  value  ${transaction.formattedValue} ETH   ${transaction.formattedFee === undefined ? "" : `fee ${transaction.formattedFee} ETH   `}gas ${transaction.gasUsed}`,
  );
  if (details.returned && details.returned.length > 0) {
    lines.push(
      `  returns ${details.returned.map((value) => `${value.name}: ${text(value.value)}`).join(", ")}`,
    );
  }
  if (details.revertReason) lines.push(`  revert ${details.revertReason}`);
  if (details.revertLocation) lines.push(...formatRevertLocation(details.revertLocation));
  if (details.logs.length > 0) {
    lines.push("logs:");
    for (const log of details.logs) {
      lines.push(
        `  #${log.index} ${log.event ? call(log.event) : `(undecoded) ${who(log.address, log.addressLabel)}`}`,
      );
    }
  }
  if (details.consoleLogs && details.consoleLogs.length > 0) {
    lines.push("console.log:");
    for (const line of details.consoleLogs) lines.push(`  ${line}`);
  }
  if (details.trace) {
    lines.push("trace:");
    const visit = (frame: Frame, depth: number) => {
      const target = frame.method ? call(frame.method) : frame.to ? who(frame.to, frame.toLabel) : "(create)";
      lines.push(
        `${"  ".repeat(depth + 1)}${frame.type} ${target}${frame.error ? `  ✗ ${frame.error}` : ""}`,
      );
      for (const inner of frame.calls) visit(inner, depth + 1);
    };
    visit(details.trace, 0);
  }
  lines.push(...formatStateChanges(details.stateChanges ?? null));
  return lines;
}

function who(address: string, label: Label): string {
  return label ? `${label.name} (${address})` : address;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function call(method: NonNullable<Call>): string {
  const args = method.args.map((arg) => `${arg.name}: ${text(arg.value)}`);
  return `${method.contract}.${method.name}(${args.join(", ")})`;
}
