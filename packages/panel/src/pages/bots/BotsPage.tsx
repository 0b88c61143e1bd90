import { useState } from "react";
import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StreamStatus } from "../../components/StreamStatus";
import { Time } from "../../components/Time";
import { TxLink } from "../../components/TxLink";
import { usePageTitle } from "../../layout/usePageTitle";
import { BlockGasChart } from "./BlockGasChart";
import { BotsOverview } from "./BotsOverview";
import { ScenarioCard } from "./ScenarioCard";
import { TrafficDocumentPanel } from "./TrafficDocumentPanel";
import { useBlockGas } from "./useBlockGas";
import { useBotEvents } from "./useBotEvents";

/**
 * The traffic bots at a glance: one row per bot (status, tx/s, errors, share of the recent blocks'
 * gas, start and stop) and a live chart of each recent block's gas by bot. A row opens the bot's
 * card (live counters from the event stream, config, start with overrides, controls) and its
 * scenario's form generated from the config's schema. Then the traffic document and the event log.
 */
export function BotsPage() {
  usePageTitle("Bots");
  const status = adminApi.useQuery("get", "/bots/status");
  const scenarios = adminApi.useQuery("get", "/bots/scenarios");
  const { events, stream } = useBotEvents();
  const gas = useBlockGas();
  const [open, setOpen] = useState<string>();
  const bots = status.data ?? {};
  const scenarioList = scenarios.data ?? [];
  // A scenario none of whose bots has a row (all its instances removed) keeps its form here.
  const orphans = scenarioList.filter((scenario) => !scenario.bots.some((bot) => bot in bots));
  return (
    <>
      <div className="section-head">
        <h1>Bots</h1>
        <StreamStatus
          state={stream}
          live="Live: counters follow the bots' event stream."
          stream="event stream"
        />
      </div>
      {status.error ? <ErrorNotice error={status.error} title="The bots' status could not be read." /> : null}
      {status.isPending ? <Loading what="bots" /> : null}
      {gas.error ? <ErrorNotice error={gas.error} title="The blocks' gas could not be read." /> : null}
      <BlockGasChart view={gas.view} bots={Object.keys(bots)} />
      {scenarios.error ? (
        <ErrorNotice error={scenarios.error} title="The scenarios could not be read." />
      ) : null}
      {status.data ? (
        <BotsOverview
          bots={bots}
          scenarios={scenarioList}
          shares={gas.view?.shares}
          open={open}
          onOpen={setOpen}
        />
      ) : null}
      {orphans.length > 0 ? (
        <section aria-labelledby="bot-scenarios-title">
          <h2 id="bot-scenarios-title">Scenarios without a bot</h2>
          <div className="grid-3">
            {orphans.map((scenario) => (
              <ScenarioCard key={scenario.name} scenario={scenario} />
            ))}
          </div>
        </section>
      ) : null}
      <TrafficDocumentPanel />
      <section aria-labelledby="bot-events-title">
        <h2 id="bot-events-title">Recent events</h2>
        {events.length === 0 ? <p className="muted">No event since this page opened.</p> : null}
        <ol className="event-log" aria-labelledby="bot-events-title">
          {events.map((event) => (
            <li key={event.seq}>
              <Time when={event.at} /> <strong>{event.bot}</strong> {event.message}
              {event.transaction ? (
                <>
                  {" "}
                  <TxLink hash={event.transaction.tx_hash} keep={4} />
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
