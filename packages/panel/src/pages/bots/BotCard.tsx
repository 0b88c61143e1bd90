import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { StatusBadge } from "../../components/StatusBadge";
import { formatTime } from "../../format/formatTime";
import { shortHex } from "../../format/shortHex";
import { BotControlsDetails } from "./BotControlsDetails";
import { BotOverridesForm } from "./BotOverridesForm";

const rate = (value: number | null) => (value === null ? "–" : value.toFixed(2));
const ms = (value: number | null) => (value === null ? "–" : `${Math.round(value)} ms`);

/** One bot: status, live counters, config, and start (with overrides) and stop. */
export function BotCard({ name, bot }: { name: string; bot: AdminSchemas["BotStatus"] }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["get", "/bots/status"] });
  const start = adminApi.useMutation("post", "/bots/{name}/start", { onSuccess: refresh });
  const stop = adminApi.useMutation("post", "/bots/{name}/stop", { onSuccess: refresh });
  const id = useId();
  const { stats } = bot;
  const counters: [string, string | number][] = [
    ["Sent", stats.sent],
    ["Confirmed", stats.confirmed],
    ["Pending", stats.pending],
    ["Failed", stats.failed],
    ["Errors", stats.errors],
    ["Tx/s (20 blocks)", rate(stats.txPerSecond.last20Blocks)],
    ["Inclusion (average)", ms(stats.inclusionLatencyMs.average)],
    // A scenario's own counters (the invalid-transaction fuzzer's refusals and findings…).
    ...Object.entries(stats.counters ?? {}),
  ];
  return (
    <section className="card bot" aria-labelledby={`${id}-title`}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{name} bot</h2>
        <StatusBadge status={bot.status} />
      </div>
      <p className="small-print">
        Sends from <span className="mono">{shortHex(bot.address)}</span>{" "}
        <CopyButton text={bot.address} what={`address of the ${name} bot`} />
      </p>
      <table className="counters" aria-label={`Counters of the ${name} bot`}>
        <tbody>
          {counters.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {bot.waiting ? (
        <p className="notice" role="status">
          Waiting: {bot.waiting}
        </p>
      ) : null}
      {stats.lastError ? (
        <p className="notice notice-error">
          Last error ({formatTime(stats.lastError.at)}): {stats.lastError.message}
          {stats.lastError.code ? <span className="code"> ({stats.lastError.code})</span> : null}
        </p>
      ) : null}
      <details>
        <summary>Config</summary>
        <dl className="fields">
          {Object.entries(bot.config).map(([key, value]) => (
            <div key={key} className="field">
              <dt>{key}</dt>
              <dd className="mono">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <BotControlsDetails name={name} />
      <BotOverridesForm
        bot={name}
        config={bot.config}
        running={bot.status === "Running"}
        busy={start.isPending || stop.isPending}
        onStart={(overrides) => start.mutate({ params: { path: { name } }, body: overrides })}
        onStop={() => stop.mutate({ params: { path: { name } } })}
      />
      {start.error ? <ErrorNotice error={start.error} title={`The ${name} bot did not start.`} /> : null}
      {stop.error ? <ErrorNotice error={stop.error} title={`The ${name} bot did not stop.`} /> : null}
    </section>
  );
}
