import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { StreamStatus } from "../../components/StreamStatus";
import { usePageTitle } from "../../layout/usePageTitle";
import {
  DropPoolCard,
  FeeSpikeCard,
  RecoverCard,
  ReorgCard,
  RestartCard,
  TimedFaultCard,
} from "./FaultCards";
import { FaultTimeline } from "./FaultTimeline";
import { useFaults } from "./useFaults";

/**
 * Faults on demand for the embedded devnet: a card per fault with its settings (the destructive
 * ones ask first) and the answer, and a timeline of what the faults did, kept live by the chain
 * event stream. On a stack that runs on a node it does not control (`--rpc-url`) it says so.
 */
export function FaultsPage() {
  usePageTitle("Faults");
  const { history, stream, refresh } = useFaults();
  const available = history.data?.available;
  return (
    <>
      <div className="section-head">
        <h1>Faults</h1>
        <StreamStatus
          state={stream}
          live="Live: the timeline follows the chain event stream."
          stream="chain event stream"
        />
      </div>
      {history.error ? <ErrorNotice error={history.error} title="The faults could not be read." /> : null}
      {history.isPending ? <Loading what="faults" /> : null}
      {available === false ? (
        <p className="notice notice-warning" role="alert">
          Faults need the embedded devnet: this stack runs on a node it does not control (
          <code>--rpc-url</code>). Start <code>privnet up</code> without <code>--rpc-url</code> to reorganise,
          stall or restart its chain.
        </p>
      ) : null}
      {available ? (
        <div className="grid-3">
          <ReorgCard onDone={refresh} />
          <DropPoolCard onDone={refresh} />
          <RestartCard onDone={refresh} />
          <TimedFaultCard fault="stall" onDone={refresh} />
          <TimedFaultCard fault="unreachable" onDone={refresh} />
          <FeeSpikeCard onDone={refresh} />
          <RecoverCard onDone={refresh} />
        </div>
      ) : null}
      {history.data ? <FaultTimeline events={history.data.events} /> : null}
    </>
  );
}
