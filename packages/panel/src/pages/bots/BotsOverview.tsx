import { useQueryClient } from "@tanstack/react-query";
import { Fragment, useId } from "react";
import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { StatusBadge } from "../../components/StatusBadge";
import { botColour } from "./BlockGasChart";
import { BotCard } from "./BotCard";
import { ScenarioCard } from "./ScenarioCard";
import { GAS_WINDOW_BLOCKS } from "./useBlockGas";

const COLUMNS = 6;

export type BotsOverviewProps = {
  bots: Record<string, AdminSchemas["BotStatus"]>;
  scenarios: readonly AdminSchemas["BotScenario"][];
  /** Each bot's share of the window's gas, 0 to 1; undefined until read. */
  shares: Record<string, number> | undefined;
  /** The bot whose settings and controls are open. */
  open: string | undefined;
  onOpen(bot: string | undefined): void;
};

/**
 * One row per bot: status, confirmed tx/s, errors, share of the recent blocks' gas, start or stop;
 * a row's name opens its settings and controls (the bot's card and its scenario's form) below it.
 */
export function BotsOverview({ bots, scenarios, shares, open, onOpen }: BotsOverviewProps) {
  const names = Object.keys(bots);
  return (
    <div className="table-scroll">
      <table className="bots-overview" aria-label="Bots overview">
        <thead>
          <tr>
            <th scope="col">Bot</th>
            <th scope="col" className="narrow-drop">
              Status
            </th>
            <th scope="col" className="num">
              Tx/s
            </th>
            <th scope="col" className="num">
              Errors
            </th>
            <th scope="col" className="num">
              Gas share
            </th>
            <th scope="col">
              <span className="visually-hidden">Start or stop</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => {
            const bot = bots[name] as AdminSchemas["BotStatus"];
            const scenario = scenarios.find((entry) => entry.bots.includes(name));
            return (
              <Fragment key={name}>
                <BotRow
                  name={name}
                  bot={bot}
                  colour={botColour(name, names)}
                  share={shares ? (shares[name] ?? 0) : undefined}
                  open={open === name}
                  onToggle={() => onOpen(open === name ? undefined : name)}
                />
                {open === name ? (
                  <tr>
                    <td colSpan={COLUMNS} id={detailId(name)} className="bot-detail">
                      <BotCard name={name} bot={bot} />
                      {scenario ? <ScenarioCard scenario={scenario} /> : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      <p className="small-print table-note">
        Tx/s: confirmed transactions per second over the last 20 blocks. Gas share: of the gas used in the
        last {GAS_WINDOW_BLOCKS} blocks.
      </p>
    </div>
  );
}

const detailId = (bot: string) => `bot-detail-${bot.replace(/[^a-zA-Z0-9_-]/g, "_")}`;

const percent = (share: number) =>
  share === 0 ? "0 %" : share < 0.001 ? "< 0.1 %" : `${(share * 100).toFixed(1)} %`;

type BotRowProps = {
  name: string;
  bot: AdminSchemas["BotStatus"];
  colour: string;
  share: number | undefined;
  open: boolean;
  onToggle(): void;
};

function BotRow({ name, bot, colour, share, open, onToggle }: BotRowProps) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["get", "/bots/status"] });
  const start = adminApi.useMutation("post", "/bots/{name}/start", { onSuccess: refresh });
  const stop = adminApi.useMutation("post", "/bots/{name}/stop", { onSuccess: refresh });
  const id = useId();
  const running = bot.status === "Running";
  const rate = bot.stats.txPerSecond.last20Blocks;
  const error = start.error ?? stop.error;
  return (
    <tr aria-labelledby={`${id}-name`}>
      <th scope="row" className="bot-name">
        <span className="swatch" style={{ background: colour }} aria-hidden="true" />
        <button
          type="button"
          className="link-button"
          id={`${id}-name`}
          aria-expanded={open}
          aria-controls={open ? detailId(name) : undefined}
          title={`Settings and controls of the ${name} bot`}
          onClick={onToggle}
        >
          {name}
        </button>
        <span className="narrow-only">
          <StatusBadge status={bot.status} />
        </span>
        {error ? (
          <ErrorNotice error={error} title={`The ${name} bot did not ${start.error ? "start" : "stop"}.`} />
        ) : null}
      </th>
      <td className="narrow-drop">
        <StatusBadge status={bot.status} />
      </td>
      <td className="num">{rate === null ? "–" : rate.toFixed(2)}</td>
      <td className="num">{bot.stats.errors}</td>
      <td className="num">{share === undefined ? "–" : percent(share)}</td>
      <td>
        {running ? (
          <button
            type="button"
            className="secondary"
            aria-label={`Stop ${name}`}
            disabled={stop.isPending}
            onClick={() => stop.mutate({ params: { path: { name } } })}
          >
            Stop
          </button>
        ) : (
          <button
            type="button"
            aria-label={`Start ${name}`}
            disabled={start.isPending}
            onClick={() => start.mutate({ params: { path: { name } } })}
          >
            Start
          </button>
        )}
      </td>
    </tr>
  );
}
