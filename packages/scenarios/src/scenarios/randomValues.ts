import { type Address, bytesToHex, getAddress, type Hex } from "viem";

/** `length` random bytes as hex. */
export function randomHex(length: number): Hex {
  const bytes = new Uint8Array(length);
  // getRandomValues fills at most 65,536 bytes a call.
  for (let offset = 0; offset < length; offset += 65_536) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(length, offset + 65_536)));
  }
  return bytesToHex(bytes);
}

/** A whole number from `min` to `max`, both included. */
export function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** A bigint from `min` to `max`, both included (uniform enough for traffic: 64 random bits over the span). */
export function randomBigInt(min: bigint, max: bigint): bigint {
  if (max <= min) return min;
  const span = max - min + 1n;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return min + (value % span);
}

/** A random address nobody holds a key to. */
export function randomAddress(): Address {
  return getAddress(randomHex(20));
}

/** One item of `items`, at random. */
export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new RangeError("pick from an empty list");
  return item;
}
