import { StorageValueInvalidError } from "../errors/storage.js";

/**
 * The JSON text a storage adapter keeps for `state.set(key, value)`. Every adapter stores state as
 * JSON text, so a value reads back the same whichever adapter holds it; a value without a JSON form
 * (a bigint, `undefined`, a function, a cycle) is refused before anything is written.
 *
 * @example
 * const text = encodeStateValue("bots/transfer", { running: true }); // '{"running":true}'
 */
export function encodeStateValue(key: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (cause) {
    throw new StorageValueInvalidError(key, { cause });
  }
  if (text === undefined) throw new StorageValueInvalidError(key);
  return text;
}
