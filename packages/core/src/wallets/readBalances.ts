import { type Address, concatHex, type Hex, hexToBigInt, type PublicClient, padHex, sliceHex } from "viem";

/**
 * Runtime code of a tiny balance reader, placed by a state override at {@link balanceReaderAddress}
 * for one `eth_call`. It reads its calldata as 32-byte words, each an address, and returns the
 * balance of each as a 32-byte word, in order:
 *
 * ```
 * 00 PUSH1 0                  i = 0
 * 02 JUMPDEST                 loop:
 * 03 DUP1 CALLDATASIZE GT ISZERO PUSH1 0x15 JUMPI    if !(calldatasize > i) goto end
 * 0a DUP1 CALLDATALOAD BALANCE DUP2 MSTORE            memory[i] = balance(calldata[i])
 * 0f PUSH1 0x20 ADD PUSH1 0x02 JUMP                   i += 32; goto loop
 * 15 JUMPDEST PUSH1 0 RETURN                          end: return memory[0 … i]
 * ```
 */
export const balanceReaderCode: Hex = "0x60005b8036111560155780353181526020016002565b6000f3";

/** Where the reader is placed for the call: an address nobody holds a key for. */
export const balanceReaderAddress: Address = "0x0000000000000000000000000000000000ba1a9c";

/**
 * Reads the balances of `addresses` (wei) in one JSON-RPC round trip, whatever the transport:
 * one `eth_call` runs the balance reader through a state override. A node that refuses state
 * overrides gets one `eth_getBalance` per address instead (concurrently, batched if the transport
 * batches).
 *
 * @example
 * const [a, b] = await readBalances(client, [alice, bob]);
 */
export async function readBalances(client: PublicClient, addresses: readonly Address[]): Promise<bigint[]> {
  if (addresses.length === 0) return [];
  let result: Hex | undefined;
  try {
    ({ data: result } = await client.call({
      to: balanceReaderAddress,
      data: concatHex(addresses.map((address) => padHex(address, { size: 32 }))),
      stateOverride: [{ address: balanceReaderAddress, code: balanceReaderCode }],
    }));
  } catch {
    result = undefined;
  }
  if (result && (result.length - 2) / 64 === addresses.length) {
    return addresses.map((_, index) => hexToBigInt(sliceHex(result, index * 32, (index + 1) * 32)));
  }
  return Promise.all(addresses.map((address) => client.getBalance({ address })));
}
