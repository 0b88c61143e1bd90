import { formatUnits } from "viem";

type Label = { name: string } | null;

/** `stateChanges` of `GET /chain/transactions/:hash`, the fields `privnet tx` prints. */
export type StateChangesBody = {
  balances: { address: string; label: Label; formattedDelta: string }[];
  tokens: {
    token: string;
    tokenLabel: Label;
    symbol: string | null;
    decimals: number | null;
    holder: string;
    holderLabel: Label;
    tokenId: string | null;
    delta: string;
  }[];
  storage: {
    address: string;
    addressLabel: Label;
    slot: string;
    before: string;
    after: string;
    variables: { name: string; before: string; after: string }[];
    frames: number[][];
  }[];
} | null;

/**
 * The lines of `privnet tx` for what the transaction changed: ETH and token balances (signed),
 * then each storage change, named by variable where the contract's artifact has a storage layout
 * (the raw slot otherwise), with the frames that ran over that storage.
 *
 * @example
 * formatStateChanges(body.stateChanges); // ["changes:", "  ETH  Alice (0x…)  +1 ETH", …]
 */
export function formatStateChanges(changes: StateChangesBody): string[] {
  if (!changes) return [];
  const lines: string[] = [];
  for (const change of changes.balances) {
    lines.push(`  ${who(change.address, change.label)}  ${signed(change.formattedDelta)} ETH`);
  }
  for (const change of changes.tokens) {
    const amount = formatUnits(BigInt(change.delta), change.decimals ?? 0);
    const token = change.symbol ?? who(change.token, change.tokenLabel);
    const id = change.tokenId === null ? "" : ` #${change.tokenId}`;
    lines.push(`  ${who(change.holder, change.holderLabel)}  ${signed(amount)} ${token}${id}`);
  }
  for (const change of changes.storage) {
    const where = `${who(change.address, change.addressLabel)}`;
    const frames = change.frames.map((path) => (path.length === 0 ? "top call" : `call ${path.join(".")}`));
    const by = frames.length > 0 ? `  (${frames.join(", ")})` : "";
    if (change.variables.length === 0) {
      lines.push(`  ${where} slot ${change.slot}: ${change.before} → ${change.after}${by}`);
    }
    for (const variable of change.variables) {
      lines.push(`  ${where} ${variable.name}: ${variable.before} → ${variable.after}${by}`);
    }
  }
  return lines.length > 0 ? ["changes:", ...lines] : [];
}

function signed(amount: string): string {
  return amount.startsWith("-") ? amount : `+${amount}`;
}

function who(address: string, label: Label): string {
  return label ? `${label.name} (${address})` : address;
}
