import type { Hex } from "viem";

/** One instruction's place in the sources: byte offset and length, and the source's id (-1: none). */
export type SourceMapEntry = { start: number; length: number; source: number };

/**
 * solc's compressed source map (`s:l:f:j:m;…`, one entry per instruction, an empty field meaning
 * "as the entry before") read into one entry per instruction. Only offset, length and source id
 * are kept: the jump type and modifier depth say nothing about where a revert is.
 *
 * Written here rather than taken from npm: the decoders published there belong to Truffle (sunset
 * in 2023, and it brings web3-utils 1.x and its codec with it) and to 0x's tracing tools (no
 * longer kept); the format is a few lines.
 *
 * @example
 * decodeSourceMap("10:5:0:-:0;;20:3"); // [{ start: 10, length: 5, source: 0 }, { … same }, { start: 20, length: 3, source: 0 }]
 */
export function decodeSourceMap(map: string): SourceMapEntry[] {
  const entries: SourceMapEntry[] = [];
  let previous: SourceMapEntry = { start: -1, length: -1, source: -1 };
  for (const item of map.split(";")) {
    const [start, length, source] = item.split(":");
    previous = {
      start: start ? Number(start) : previous.start,
      length: length ? Number(length) : previous.length,
      source: source ? Number(source) : previous.source,
    };
    entries.push(previous);
  }
  return entries;
}

/**
 * The index of the instruction at each byte of `code` (source maps count instructions, not bytes:
 * PUSH1 … PUSH32 carry 1 … 32 bytes of data); -1 for a byte of PUSH data.
 */
export function instructionIndexes(code: Hex): Int32Array {
  const bytes = (code.length - 2) / 2;
  const indexes = new Int32Array(bytes).fill(-1);
  let index = 0;
  for (let at = 0; at < bytes; index++) {
    indexes[at] = index;
    const opcode = Number.parseInt(code.slice(2 + at * 2, 4 + at * 2), 16);
    at += opcode >= 0x60 && opcode <= 0x7f ? opcode - 0x5e : 1;
  }
  return indexes;
}

/** The index of the instruction at byte `pc` of `code`; undefined inside PUSH data or past the end. */
export function instructionIndex(code: Hex, pc: number): number | undefined {
  const index = instructionIndexes(code)[pc];
  return index === undefined || index < 0 ? undefined : index;
}

/** A byte offset of a source as a line and column (both from 1, the column in bytes) and the line's text. */
export type SourcePosition = { line: number; column: number; text: string };

/** Where byte `offset` of `content` is (solc's offsets count UTF-8 bytes, not characters). */
export function positionOf(content: string, offset: number): SourcePosition | undefined {
  const bytes = new TextEncoder().encode(content);
  if (offset < 0 || offset > bytes.length) return undefined;
  let line = 1;
  let lineStart = 0;
  for (let at = 0; at < offset; at++) {
    if (bytes[at] === 0x0a) {
      line++;
      lineStart = at + 1;
    }
  }
  let lineEnd = bytes.indexOf(0x0a, lineStart);
  if (lineEnd === -1) lineEnd = bytes.length;
  const text = new TextDecoder().decode(bytes.subarray(lineStart, lineEnd)).replace(/\r$/, "");
  return { line, column: offset - lineStart + 1, text: text.trim() };
}
