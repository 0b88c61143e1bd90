import { useId } from "react";
import type { BlockGasView } from "./useBlockGas";

/** Sixteen hues far apart, one per built-in scenario; more bots go round again, lighter. */
const PALETTE = [
  "#d62728",
  "#1f77b4",
  "#2ca02c",
  "#ff7f0e",
  "#9467bd",
  "#8c564b",
  "#e377c2",
  "#17becf",
  "#bcbd22",
  "#393b79",
  "#f7b6d2",
  "#637939",
  "#ad494a",
  "#6baed6",
  "#fdae6b",
  "#7b4173",
];

/** A colour per bot, the same on every render: its place in the list of every bot's name. */
export function botColour(bot: string, bots: readonly string[]): string {
  const index = bots.indexOf(bot);
  if (index < 0) return "var(--muted)";
  const colour = PALETTE[index % PALETTE.length] as string;
  return index < PALETTE.length ? colour : `color-mix(in srgb, ${colour} 60%, white)`;
}

const WIDTH = 600;
const HEIGHT = 180;
const group = new Intl.NumberFormat("en-US");

export type BlockGasChartProps = {
  view: BlockGasView | undefined;
  /** Every bot's name, in the overview's order: their colours. */
  bots: readonly string[];
};

/**
 * Each recent block's gas used as a bar, stacked by the bot that sent it (other senders in grey),
 * against the block's gas limit. Plain SVG; the same numbers are in a table for screen readers.
 */
export function BlockGasChart({ view, bots }: BlockGasChartProps) {
  const id = useId();
  const blocks = view?.blocks ?? [];
  const limit = Math.max(1, ...blocks.map((block) => block.gasLimit));
  // The tallest bar fills the height (the caption says how much that is).
  const tallest = Math.max(0, ...blocks.map((block) => block.gasUsed));
  const scale = Math.max(1, tallest);
  const slot = WIDTH / Math.max(blocks.length, 1);
  const seen = bots.filter((bot) => blocks.some((block) => (block.bots[bot] ?? 0) > 0));
  const hasOther = blocks.some((block) => block.other > 0);
  return (
    <figure className="gas-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>Gas used per block, by bot</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={
          blocks.length
            ? `Gas used in blocks ${blocks[0]?.number} to ${blocks[blocks.length - 1]?.number}, stacked by bot`
            : "No block indexed yet"
        }
      >
        {blocks.map((block, index) => {
          let top = HEIGHT;
          const parts: [string, number, string][] = [
            ...seen
              .filter((bot) => (block.bots[bot] ?? 0) > 0)
              .map((bot): [string, number, string] => [bot, block.bots[bot] ?? 0, botColour(bot, bots)]),
            ...Object.entries(block.bots)
              .filter(([bot]) => !seen.includes(bot))
              .map(([bot, used]): [string, number, string] => [bot, used, "var(--muted)"]),
            ["other senders", block.other, "var(--border)"],
          ];
          return (
            <g key={block.number}>
              {parts
                .filter(([, used]) => used > 0)
                .map(([name, used, colour]) => {
                  const height = Math.max(1, (used / scale) * HEIGHT);
                  top -= height;
                  return (
                    <rect
                      key={name}
                      x={index * slot + slot * 0.1}
                      y={top}
                      width={slot * 0.8}
                      height={height}
                      fill={colour}
                    >
                      <title>{`Block ${block.number}: ${name} ${group.format(used)} gas`}</title>
                    </rect>
                  );
                })}
            </g>
          );
        })}
      </svg>
      <p className="small-print">
        {blocks.length
          ? `The last ${blocks.length} blocks, oldest on the left; the tallest bar is ${group.format(tallest)} gas of a ${group.format(limit)} gas limit.`
          : "No block indexed yet."}
      </p>
      <ul className="legend" aria-label="Chart legend">
        {seen.map((bot) => (
          <li key={bot}>
            <span className="swatch" style={{ background: botColour(bot, bots) }} aria-hidden="true" />
            {bot}
          </li>
        ))}
        {hasOther ? (
          <li>
            <span className="swatch" style={{ background: "var(--border)" }} aria-hidden="true" />
            other senders
          </li>
        ) : null}
      </ul>
      <div className="table-scroll visually-hidden">
        <table aria-label="Gas used per block, by bot (data)">
          <thead>
            <tr>
              <th scope="col">Block</th>
              <th scope="col">Gas used</th>
              <th scope="col">By bot</th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((block) => (
              <tr key={block.number}>
                <th scope="row">{block.number}</th>
                <td className="num">{group.format(block.gasUsed)}</td>
                <td>
                  {Object.entries(block.bots)
                    .map(([bot, used]) => `${bot} ${group.format(used)}`)
                    .concat(block.other > 0 ? [`other ${group.format(block.other)}`] : [])
                    .join(", ") || "none"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
