import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { useChainActivity } from "../../api/useChainActivity";

/** The blocks the chart draws and the overview's gas share counts. */
export const GAS_WINDOW_BLOCKS = 20;

/** One block of {@link useBlockGas}, gas as numbers (a block's gas fits a double exactly). */
export type BlockGasBar = {
  number: number;
  gasUsed: number;
  gasLimit: number;
  /** By bot name, bots that used none left out. */
  bots: Record<string, number>;
  other: number;
};

export type BlockGasView = {
  /** Oldest first. */
  blocks: BlockGasBar[];
  /** Each bot's share of the window's gas used, 0 to 1; absent for a bot that used none. */
  shares: Record<string, number>;
};

function toView(data: AdminSchemas["BlockGasList"]): BlockGasView {
  const blocks = data.blocks.map((block) => ({
    number: block.number,
    gasUsed: Number(block.gasUsed),
    gasLimit: Number(block.gasLimit),
    bots: Object.fromEntries(Object.entries(block.bots).map(([bot, used]) => [bot, Number(used)])),
    other: Number(block.other),
  }));
  const total = blocks.reduce((sum, block) => sum + block.gasUsed, 0);
  const byBot: Record<string, number> = {};
  for (const block of blocks)
    for (const [bot, used] of Object.entries(block.bots)) byBot[bot] = (byBot[bot] ?? 0) + used;
  const shares = Object.fromEntries(
    Object.entries(byBot).map(([bot, used]) => [bot, total > 0 ? used / total : 0]),
  );
  return { blocks, shares };
}

/**
 * The last {@link GAS_WINDOW_BLOCKS} blocks' gas by bot (`GET /chain/block-gas`), read again as
 * the chain moves (after the event streams' bursts, and every 2 s), with each bot's share.
 *
 * @example
 * const { view, stream } = useBlockGas();
 */
export function useBlockGas() {
  const query = adminApi.useQuery(
    "get",
    "/chain/block-gas",
    { params: { query: { blocks: String(GAS_WINDOW_BLOCKS) } } },
    { select: toView },
  );
  const stream = useChainActivity(["get", "/chain/block-gas"], true);
  return { view: query.data, error: query.error, stream };
}
