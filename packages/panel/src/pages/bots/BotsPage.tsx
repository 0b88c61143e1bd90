import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StreamStatus } from "../../components/StreamStatus";
import { Time } from "../../components/Time";
import { TxLink } from "../../components/TxLink";
import { usePageTitle } from "../../layout/usePageTitle";
import { BotCard } from "./BotCard";
import { ScenarioCard } from "./ScenarioCard";
import { TrafficDocumentPanel } from "./TrafficDocumentPanel";
import { useBotEvents } from "./useBotEvents";

/**
 * The traffic bots: status, config and live counters (the event stream), start and stop; every
 * scenario with a form generated from its config's schema; the traffic document.
 */
export function BotsPage() {
  usePageTitle("Bots");
  const status = adminApi.useQuery("get", "/bots/status");
  const scenarios = adminApi.useQuery("get", "/bots/scenarios");
  const { events, stream } = useBotEvents();
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
      <div className="grid-3">
        {Object.entries(status.data ?? {}).map(([name, bot]) => (
          <BotCard key={name} name={name} bot={bot} />
        ))}
      </div>
      <section aria-labelledby="bot-scenarios-title">
        <h2 id="bot-scenarios-title">Scenarios</h2>
        {scenarios.error ? (
          <ErrorNotice error={scenarios.error} title="The scenarios could not be read." />
        ) : null}
        <div className="grid-3">
          {(scenarios.data ?? []).map((scenario) => (
            <ScenarioCard key={scenario.name} scenario={scenario} />
          ))}
        </div>
      </section>
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
