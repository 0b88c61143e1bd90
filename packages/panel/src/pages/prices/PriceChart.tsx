import type { PricePoint } from "./usePriceStream";

const WIDTH = 160;
const HEIGHT = 40;
const PAD = 3;

/**
 * A small line of a token's recent on-chain prices, drawn as plain SVG (one polyline needs no
 * chart library). Its accessible name says what it shows in words.
 */
export function PriceChart({ symbol, points }: { symbol: string; points: readonly PricePoint[] }) {
  if (points.length === 0) return <span className="muted">no update yet</span>;
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || 1;
  const step = points.length > 1 ? (WIDTH - PAD * 2) / (points.length - 1) : 0;
  const coordinates = points.map((point, index) => {
    const x = points.length > 1 ? PAD + index * step : WIDTH / 2;
    const y = HEIGHT - PAD - ((point.price - low) / span) * (HEIGHT - PAD * 2);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const first = prices[0];
  const last = prices.at(-1);
  const label =
    points.length === 1
      ? `${symbol}: one update, ${last} USD`
      : `${symbol}: ${points.length} updates, from ${first} to ${last} USD (low ${low}, high ${high})`;
  return (
    <svg
      className="chart"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
    >
      <title>{label}</title>
      {points.length > 1 ? (
        <polyline points={coordinates.join(" ")} fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : null}
      <circle
        cx={coordinates.at(-1)?.split(",")[0]}
        cy={coordinates.at(-1)?.split(",")[1]}
        r="2.5"
        fill="currentColor"
      />
    </svg>
  );
}
