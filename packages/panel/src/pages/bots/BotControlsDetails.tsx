import { useState } from "react";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";

/** A bot's controls — throughput, wallet pool, group, auto-restart — read when opened. */
export function BotControlsDetails({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>Controls</summary>
      {open ? <ControlsFields name={name} /> : null}
    </details>
  );
}

function ControlsFields({ name }: { name: string }) {
  const controls = adminApi.useQuery("get", "/bots/{name}/controls", { params: { path: { name } } });
  if (controls.error) return <ErrorNotice error={controls.error} title="The controls could not be read." />;
  const data = controls.data;
  if (!data) return null;
  const target =
    data.throughput.txPerBlock !== null
      ? `${data.throughput.txPerBlock} tx/block`
      : data.throughput.txPerSecond !== null
        ? `${data.throughput.txPerSecond} tx/s`
        : "interval";
  const rows: [string, string][] = [
    ["Scenario", data.scenario],
    ["Throughput", target],
    ["Measured (20 blocks)", data.measuredTxPerBlock === null ? "–" : `${data.measuredTxPerBlock} tx/block`],
    ["Group", data.group ? `${data.group.name} (weight ${data.group.weight})` : "none"],
    ["Wallets", data.wallets ? `${data.wallets.addresses.length} (seed ${data.wallets.seed})` : "own key"],
    [
      "Restart",
      data.restart.state === "backoff"
        ? `backoff: ${data.restart.failures} failures, next at ${data.restart.nextAttemptAt ?? "–"}`
        : `ok (${data.restart.restarts} restarts)`,
    ],
  ];
  return (
    <dl className="fields" aria-label={`Controls of the ${name} bot`}>
      {rows.map(([label, value]) => (
        <div key={label} className="field">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
