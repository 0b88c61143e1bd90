import { formatInteger } from "../../format/formatAmount";

/** Gas used as a bar against the block's limit, with the figure and the share in words. */
export function GasBar({ used, limit }: { used: string; limit: string }) {
  const usedGas = BigInt(used);
  const limitGas = BigInt(limit);
  // Hundredths of a percent, in integers: gas figures exceed a double's exact range only in theory.
  const share = limitGas > 0n ? Number((usedGas * 10_000n) / limitGas) / 100 : 0;
  const percent = share >= 1 || share === 0 ? share.toFixed(0) : share.toFixed(2);
  return (
    <span className="gas">
      <meter
        className="gas-bar"
        min={0}
        max={100}
        value={Math.min(100, share)}
        aria-label={`Gas used: ${formatInteger(usedGas)} of ${formatInteger(limitGas)} (${percent}%)`}
      />
      <span className="gas-figure">
        {formatInteger(usedGas)} <span className="muted">({percent}%)</span>
      </span>
    </span>
  );
}
