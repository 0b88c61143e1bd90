import type {
  AddressLabel,
  CallFrame,
  ChainBlock,
  ChainLog,
  ChainTokenTransfer,
  ChainTransaction,
  DecodedCall,
} from "@privnet/core";
import { formatEther, formatUnits } from "viem";
import { z } from "zod";
import { addressOutput } from "./fields.js";

// The explorer's answers: wei and gas as decimal strings, block numbers as integers, timestamps as
// unix seconds, decoded values as JSON (integers as decimal strings). Every address field X has a
// sibling XLabel.

const hash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/)
  .describe("32-byte hash, 0x and 64 hex digits.");
const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .describe("Hex data with 0x.");
const decimal = (what: string) => z.string().regex(/^\d+$/).describe(`${what}, a decimal string.`);
const blockNumber = z.number().int().nonnegative().describe("Block number.");

export const addressLabel = z
  .object({
    name: z.string().describe("The address's name."),
    source: z
      .enum(["user", "wallet", "system", "bot", "platform", "contract"])
      .describe(
        "Where the name comes from: a user's own label (wins over every other), a stored wallet, one of the 21 system accounts, a bot's key, the platform's deployer or the oracle's updater, a contract.",
      ),
  })
  .meta({ id: "Label" });
const label = addressLabel.nullable();

export const decodedArgument = z
  .object({
    name: z.string().describe("The parameter's name (`arg<n>` when the ABI has none)."),
    type: z.string().describe("Its Solidity type."),
    value: z
      .unknown()
      .describe("The decoded value as JSON: integers as decimal strings, structs as objects."),
  })
  .meta({ id: "DecodedArgument" });

export const decodedCall = z
  .object({
    contract: z
      .string()
      .describe(
        'The ABI it was decoded with: a contract\'s name ("PriceOracle", "PRIV", a registered one) or "ERC20" / "ERC721" / "ERC1155".',
      ),
    name: z.string().describe("The function (or event) name."),
    signature: z.string().describe("`transfer(address,uint256)`."),
    args: z.array(decodedArgument),
  })
  .meta({ id: "DecodedCall" });

export const chainBlock = z
  .object({
    number: blockNumber,
    hash,
    parentHash: hash,
    timestamp: z.number().int().describe("Unix seconds."),
    transactionCount: z.number().int(),
    gasUsed: decimal("Gas used"),
    gasLimit: decimal("Gas limit"),
    baseFeePerGas: decimal("Base fee per gas in wei").nullable(),
    miner: addressOutput,
  })
  .meta({ id: "ChainBlock" });

export const tokenTransfer = z
  .object({
    standard: z.enum(["erc20", "erc721", "erc1155"]),
    token: addressOutput,
    tokenLabel: label,
    symbol: z.string().nullable().describe("The token's symbol(), when it answers."),
    decimals: z.number().int().nullable().describe("The token's decimals() (ERC-20 only)."),
    from: addressOutput,
    fromLabel: label,
    to: addressOutput,
    toLabel: label,
    amount: decimal('Raw units ("1" for an ERC-721 token)'),
    formattedAmount: z
      .string()
      .describe('The amount with its decimals and symbol: "12.5 PRIV", "DevNFT #7".'),
    tokenId: decimal("Token id").nullable(),
    logIndex: z.number().int(),
  })
  .meta({ id: "TokenTransfer" });

export const chainTransaction = z
  .object({
    hash,
    blockNumber: blockNumber.nullable().describe("Null while pending."),
    blockHash: hash.nullable(),
    index: z.number().int().nullable().describe("Its position in the block; null while pending."),
    timestamp: z.number().int().nullable().describe("The block's, unix seconds; null while pending."),
    from: addressOutput,
    fromLabel: label,
    to: addressOutput.nullable().describe("Null for a deployment."),
    toLabel: label,
    value: decimal("Wei sent"),
    formattedValue: z.string().describe('Decimal ETH, e.g. "1.5".'),
    kind: z.enum(["transfer", "call", "deploy", "blob", "set-code"]),
    selector: hex.nullable().describe("A call's 4-byte selector."),
    status: z.enum(["success", "reverted", "pending"]),
    gasUsed: decimal('Gas used ("0" while pending)'),
    effectiveGasPrice: decimal("Wei per gas paid (while pending: the most it may pay)"),
    fee: decimal('gasUsed × effectiveGasPrice in wei ("0" while pending)'),
    formattedFee: z.string().describe("The fee in decimal ETH."),
    contractAddress: addressOutput.nullable().describe("The contract a deployment created."),
    contractAddressLabel: label,
    method: decodedCall.nullable().describe("The call decoded, when an ABI knows its selector."),
    tokenTransfers: z.array(tokenTransfer),
    summary: z
      .string()
      .describe(
        'One line: "PriceOracle.updatePrices (4 tokens)", "transfer 12.5 PRIV → Alice", "deploy LendingPool", "1.5 ETH → Bob".',
      ),
    sentByPrivnet: z.boolean().describe("True when the platform's own history holds it."),
  })
  .meta({ id: "ChainTransaction" });

export const chainLog = z
  .object({
    index: z.number().int(),
    address: addressOutput,
    addressLabel: label,
    topics: z.array(hash),
    data: hex,
    event: decodedCall.nullable().describe("The log decoded, when an ABI knows its event."),
  })
  .meta({ id: "ChainLog" });

export type CallFrameBody = {
  type: string;
  from: string;
  fromLabel: AddressLabel | null;
  to: string | null;
  toLabel: AddressLabel | null;
  value: string;
  gasUsed: string;
  input: string;
  output: string | null;
  error: string | null;
  method: z.input<typeof decodedCall> | null;
  calls: CallFrameBody[];
};

export const callFrame: z.ZodType<CallFrameBody> = z
  .object({
    type: z.string().describe('"CALL", "STATICCALL", "DELEGATECALL", "CREATE", "CREATE2", …'),
    from: addressOutput,
    fromLabel: label,
    to: addressOutput.nullable(),
    toLabel: label,
    value: decimal("Wei"),
    gasUsed: decimal("Gas used"),
    input: hex,
    output: hex.nullable(),
    error: z.string().nullable().describe("Why the frame failed, as the node says it."),
    method: decodedCall.nullable(),
    get calls() {
      return z.array(callFrame);
    },
  })
  .meta({ id: "CallFrame" });

/** A decoded value as JSON: bigints as decimal strings, everything else as it is. */
export function jsonValue(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(jsonValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonValue(inner)]));
  }
  return value;
}

export function toDecodedCallBody(call: DecodedCall | null) {
  return call && { ...call, args: call.args.map((arg) => ({ ...arg, value: jsonValue(arg.value) })) };
}

export function toBlockBody(block: ChainBlock): z.input<typeof chainBlock> {
  return {
    number: Number(block.number),
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: block.timestamp,
    transactionCount: block.transactionCount,
    gasUsed: block.gasUsed.toString(),
    gasLimit: block.gasLimit.toString(),
    baseFeePerGas: block.baseFeePerGas === null ? null : block.baseFeePerGas.toString(),
    miner: block.miner,
  };
}

function formatTokenAmount(transfer: ChainTokenTransfer) {
  const symbol = transfer.symbol ?? transfer.token;
  if (transfer.standard === "erc721") return `${symbol} #${transfer.tokenId}`;
  const amount =
    transfer.decimals === null ? transfer.amount.toString() : formatUnits(transfer.amount, transfer.decimals);
  return transfer.standard === "erc1155"
    ? `${amount} × ${symbol} #${transfer.tokenId}`
    : `${amount} ${symbol}`;
}

export function toTransactionBody(transaction: ChainTransaction): z.input<typeof chainTransaction> {
  return {
    ...transaction,
    blockNumber: transaction.blockNumber === null ? null : Number(transaction.blockNumber),
    value: transaction.value.toString(),
    formattedValue: formatEther(transaction.value),
    gasUsed: transaction.gasUsed.toString(),
    effectiveGasPrice: transaction.effectiveGasPrice.toString(),
    fee: transaction.fee.toString(),
    formattedFee: formatEther(transaction.fee),
    method: toDecodedCallBody(transaction.method),
    tokenTransfers: transaction.tokenTransfers.map((transfer) => ({
      ...transfer,
      amount: transfer.amount.toString(),
      formattedAmount: formatTokenAmount(transfer),
      tokenId: transfer.tokenId === null ? null : transfer.tokenId.toString(),
    })),
  };
}

export function toLogBody(log: ChainLog): z.input<typeof chainLog> {
  return { ...log, event: toDecodedCallBody(log.event) };
}

export function toCallFrameBody(frame: CallFrame): CallFrameBody {
  return {
    ...frame,
    value: frame.value.toString(),
    gasUsed: frame.gasUsed.toString(),
    method: toDecodedCallBody(frame.method),
    calls: frame.calls.map(toCallFrameBody),
  };
}

/** `?limit=` (1..100, default 25) and `?cursor=`, shared by the explorer's lists. */
export const pageQuery = z.object({
  limit: z
    .string()
    .regex(/^([1-9]|[1-9]\d|100)$/, { error: "must be an integer from 1 to 100" })
    .transform(Number)
    .optional()
    .describe("Items per page, 1 to 100. Default 25."),
  cursor: z
    .string()
    .max(64, { error: "is not a cursor this API gave out" })
    .optional()
    .describe("Opaque: the `nextCursor` of the previous page."),
});

export const nextCursor = z
  .string()
  .nullable()
  .describe("Pass as `cursor` for the next page; null on the last.");
