import type { CallFrame, ChainLog, ChainTransaction } from "../ExplorerShapes.js";

/** At most this many words are tried as mapping keys (each costs a hash per mapping). */
const MOST_WORDS = 2_000;

/**
 * The 32-byte words a transaction carried, as the mapping keys it may have used: the addresses of
 * its sender, recipient and every call frame, the arguments and return data of every frame, and its
 * logs' topics and data.
 *
 * @example
 * transactionWords({ transaction, logs, trace }); // [BigInt(sender), BigInt(to), 7n, …]
 */
export function transactionWords(params: {
  transaction: ChainTransaction;
  logs: readonly ChainLog[];
  trace: CallFrame | null;
}): bigint[] {
  const words = new Set<bigint>();
  const addHex = (hex: string | null | undefined) => {
    if (hex) words.add(BigInt(hex));
  };
  const addData = (data: string | null, skip: number) => {
    if (!data) return;
    const body = data.slice(2 + skip * 2);
    for (let at = 0; at + 64 <= body.length && words.size < MOST_WORDS; at += 64) {
      words.add(BigInt(`0x${body.slice(at, at + 64)}`));
    }
  };
  addHex(params.transaction.from);
  addHex(params.transaction.to);
  const visit = (frame: CallFrame) => {
    addHex(frame.from);
    addHex(frame.to);
    addData(frame.input, 4);
    addData(frame.output, 0);
    for (const call of frame.calls) visit(call);
  };
  if (params.trace) visit(params.trace);
  for (const log of params.logs) {
    addHex(log.address);
    for (const topic of log.topics) addHex(topic);
    addData(log.data, 0);
  }
  return [...words].slice(0, MOST_WORDS);
}
