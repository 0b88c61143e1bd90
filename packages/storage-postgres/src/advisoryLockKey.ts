import { createHash } from "node:crypto";

/**
 * The bigint key of a PostgreSQL advisory lock for a privnet lock name: the first 8 bytes of
 * SHA-256 over the schema and the name, as a signed int8 in decimal (pg passes it as text).
 * The schema is part of it so that two privnet stores in one database never share locks.
 *
 * @example
 * advisoryLockKey("privnet", "0x8943…a776"); // "-6917529027641081856"-like
 */
export function advisoryLockKey(schema: string, name: string): string {
  const digest = createHash("sha256").update(`${schema}\0${name}`).digest();
  return digest.readBigInt64BE(0).toString();
}
