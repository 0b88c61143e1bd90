/**
 * Signing alone, one core: `signTransaction` of EIP-1559 transfers per second with the fast
 * signer (`toFastAccount`, libsecp256k1 native where it loads) against viem's own
 * `privateKeyToAccount` (@noble/curves), in the same process. Also the WASM backend, for the
 * machines without a native binary.
 *
 *   pnpm bench:signer                      # 5,000 signatures, 3 rounds
 *   pnpm bench:signer --signatures 20000 --rounds 5
 */
import { parseArgs } from "node:util";
import { toFastAccount } from "@privnet/core";
import { type LocalAccount, parseGwei } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { figure, median, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({
  options: {
    signatures: { type: "string", default: "5000" },
    rounds: { type: "string", default: "3" },
  },
});
const signatures = Number(args.signatures);
const rounds = Number(args.rounds);

const privateKey = generatePrivateKey();
const transfer = (nonce: number) =>
  ({
    chainId: 3151908,
    type: "eip1559",
    nonce,
    to: "0x000000000000000000000000000000000000bE0c",
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: parseGwei("2"),
    maxPriorityFeePerGas: parseGwei("1"),
  }) as const;

/** Signed transactions per second, one after the other (one core). */
async function rate(account: LocalAccount) {
  const started = performance.now();
  for (let nonce = 0; nonce < signatures; nonce++) await account.signTransaction(transfer(nonce));
  return signatures / ((performance.now() - started) / 1000);
}

const accounts = {
  viem: privateKeyToAccount(privateKey),
  fast: toFastAccount(privateKey),
  wasm: toFastAccount(privateKey, { prefer: "wasm" }),
};
const backend = await accounts.fast.backend();
const measured: Record<keyof typeof accounts, number[]> = { viem: [], fast: [], wasm: [] };
for (const account of Object.values(accounts)) await rate(account); // warm-up: JIT, WASM, the binding
for (let round = 0; round < rounds; round++) {
  for (const [name, account] of Object.entries(accounts)) {
    measured[name as keyof typeof accounts].push(await rate(account));
  }
}
const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
console.log(`signatures per round: ${signatures}, rounds: ${rounds}, fast signer backend: ${backend}`);
console.log(`viem privateKeyToAccount (@noble): ${show(measured.viem)} signed tx/s`);
console.log(`toFastAccount (${backend}): ${show(measured.fast)} signed tx/s`);
console.log(`toFastAccount (wasm): ${show(measured.wasm)} signed tx/s`);
recordFigures({
  signer_vs_noble: figure(
    median(measured.fast),
    median(measured.viem),
    "tx/s",
    `signTransaction of EIP-1559 transfers, one core, toFastAccount (${backend} backend) vs viem's privateKeyToAccount (@noble/curves); median of ${rounds} rounds of ${signatures}`,
  ),
  signer_wasm_vs_noble: figure(
    median(measured.wasm),
    median(measured.viem),
    "tx/s",
    `the same with the WASM backend (tiny-secp256k1), where no native binary loads; median of ${rounds} rounds of ${signatures}`,
  ),
});
