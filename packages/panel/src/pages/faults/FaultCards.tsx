import { type ReactNode, useId, useState } from "react";
import { parseUnits } from "viem";
import { adminApi } from "../../api/adminApi";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Time } from "../../components/Time";
import { BlockLink } from "../../components/TxLink";
import { formatInteger } from "../../format/formatAmount";

/** Called after a fault answered: the page reads the history again. */
type FaultCardProps = { onDone(): void };

function FaultCard(props: { title: string; what: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      <p className="hint">{props.what}</p>
      {props.children}
    </section>
  );
}

/** A number field of a fault's settings. */
function NumberField(props: {
  label: string;
  value: string;
  min: number;
  max: number;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        required
        min={props.min}
        max={props.max}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </>
  );
}

function Answer({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-success" role="status">
      {children}
    </p>
  );
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A reorganisation: depth, extra blocks, reorder, and which transactions to drop and where to. */
export function ReorgCard({ onDone }: FaultCardProps) {
  const [depth, setDepth] = useState("3");
  const [extraBlocks, setExtraBlocks] = useState("0");
  const [reorder, setReorder] = useState(false);
  const [drop, setDrop] = useState("");
  const [dropTo, setDropTo] = useState<"discard" | "pool">("discard");
  const [asking, setAsking] = useState(false);
  const reorg = adminApi.useMutation("post", "/chain/faults/reorg", { onSettled: onDone });
  const dropId = useId();
  const dropToId = useId();
  const hashes = drop.split(/[\s,]+/).filter((hash) => hash !== "");
  const badHash = hashes.find((hash) => !HASH.test(hash));
  const result = reorg.data;
  return (
    <FaultCard
      title="Reorganisation"
      what="Replaces the last blocks with a new branch: new hashes, their transactions mined again unless dropped."
    >
      <form
        aria-label="Reorganisation settings"
        onSubmit={(event) => {
          event.preventDefault();
          if (badHash === undefined) setAsking(true);
        }}
      >
        <NumberField label="Depth (blocks)" value={depth} min={1} max={64} onChange={setDepth} />
        <NumberField label="Extra blocks" value={extraBlocks} min={0} max={64} onChange={setExtraBlocks} />
        <label className="inline">
          <input type="checkbox" checked={reorder} onChange={(event) => setReorder(event.target.checked)} />{" "}
          Reorder the transactions mined again
        </label>
        <label htmlFor={dropId}>Drop these transactions (hashes, optional)</label>
        <textarea
          id={dropId}
          rows={2}
          value={drop}
          spellCheck={false}
          onChange={(event) => setDrop(event.target.value)}
        />
        {badHash !== undefined ? <p className="field-error">Not a transaction hash: {badHash}</p> : null}
        <label htmlFor={dropToId}>Dropped ones go</label>
        <select
          id={dropToId}
          value={dropTo}
          onChange={(event) => setDropTo(event.target.value as "discard" | "pool")}
        >
          <option value="discard">nowhere (gone)</option>
          <option value="pool">back to the pool</option>
        </select>
        <div className="actions">
          <button type="submit" className="danger" disabled={reorg.isPending}>
            {reorg.isPending ? "Reorganising…" : "Reorganise"}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={asking}
        title={`Replace the last ${depth} blocks?`}
        confirmLabel="Reorganise"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          reorg.mutate({
            body: {
              depth: Number(depth),
              extraBlocks: Number(extraBlocks),
              reorder,
              ...(hashes.length > 0 ? { drop: hashes, dropTo } : {}),
            },
          });
        }}
      >
        <p>
          The chain's last {depth} blocks get new hashes; everything that read them (indexers, bots, your own
          code) sees a reorganisation.
        </p>
      </ConfirmDialog>
      {reorg.error ? <ErrorNotice error={reorg.error} title="No reorganisation." /> : null}
      {result ? (
        <Answer>
          Head <BlockLink number={result.oldHead.number} /> → <BlockLink number={result.newHead.number} />:{" "}
          {formatInteger(result.replaced.length)} blocks replaced, {formatInteger(result.orphaned.length)}{" "}
          transactions orphaned, {formatInteger(result.remined.length)} mined again,{" "}
          {formatInteger(result.dropped.length)} dropped.
        </Answer>
      ) : null}
    </FaultCard>
  );
}

/** Empties the node's pool, after a confirmation. */
export function DropPoolCard({ onDone }: FaultCardProps) {
  const [asking, setAsking] = useState(false);
  const dropPool = adminApi.useMutation("post", "/chain/faults/drop-pool", { onSettled: onDone });
  return (
    <FaultCard
      title="Lost pool"
      what="Empties the node's pool: every pending transaction is gone from the node."
    >
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={dropPool.isPending}
          onClick={() => setAsking(true)}
        >
          {dropPool.isPending ? "Dropping…" : "Drop the pool"}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Drop the node's pool?"
        confirmLabel="Drop the pool"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          dropPool.mutate({});
        }}
      >
        <p>Pending transactions are gone from the node. privnet sends its own again; others' are lost.</p>
      </ConfirmDialog>
      {dropPool.error ? <ErrorNotice error={dropPool.error} title="The pool was not dropped." /> : null}
      {dropPool.data ? (
        <Answer>{formatInteger(dropPool.data.dropped.length)} pending transactions dropped.</Answer>
      ) : null}
    </FaultCard>
  );
}

/** Restarts the node, keeping its pool or not, after a confirmation. */
export function RestartCard({ onDone }: FaultCardProps) {
  const [keepPool, setKeepPool] = useState(false);
  const [asking, setAsking] = useState(false);
  const restart = adminApi.useMutation("post", "/chain/faults/restart", { onSettled: onDone });
  const result = restart.data;
  return (
    <FaultCard title="Node restart" what="Stops the node and starts it again on the same port and state.">
      <label className="inline">
        <input type="checkbox" checked={keepPool} onChange={(event) => setKeepPool(event.target.checked)} />{" "}
        Keep the pool
      </label>
      <div className="actions">
        <button type="button" className="danger" disabled={restart.isPending} onClick={() => setAsking(true)}>
          {restart.isPending ? "Restarting…" : "Restart the node"}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Restart the node?"
        confirmLabel="Restart"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          restart.mutate({ body: { keepPool } });
        }}
      >
        <p>
          The RPC is down while the node restarts
          {keepPool
            ? "; its pending transactions are sent to it again."
            : ", and its pending transactions are lost."}
        </p>
      </ConfirmDialog>
      {restart.error ? <ErrorNotice error={restart.error} title="The node was not restarted." /> : null}
      {result ? (
        <Answer>
          Back at block <BlockLink number={result.head.number} /> after {formatInteger(result.downMs)} ms;{" "}
          {formatInteger(result.pool.length)} pending transactions {result.keepPool ? "sent again" : "lost"}.
        </Answer>
      ) : null}
    </FaultCard>
  );
}

/** A stall (no blocks) or a refused RPC, for a number of milliseconds. */
export function TimedFaultCard({ fault, onDone }: FaultCardProps & { fault: "stall" | "unreachable" }) {
  const [ms, setMs] = useState("10000");
  const path = fault === "stall" ? "/chain/faults/stall" : "/chain/faults/unreachable";
  const timed = adminApi.useMutation("post", path, { onSettled: onDone });
  const title = fault === "stall" ? "Stall" : "Unreachable RPC";
  return (
    <FaultCard
      title={title}
      what={
        fault === "stall"
          ? "No blocks for a while; the pool fills."
          : "The node's RPC refuses connections for a while, for privnet and every other client."
      }
    >
      <form
        aria-label={`${title} settings`}
        onSubmit={(event) => {
          event.preventDefault();
          timed.mutate({ body: { ms: Number(ms) } });
        }}
      >
        <NumberField label="Duration (ms)" value={ms} min={1} max={600_000} onChange={setMs} />
        <div className="actions">
          <button type="submit" disabled={timed.isPending}>
            {fault === "stall" ? "Stall the chain" : "Refuse connections"}
          </button>
        </div>
      </form>
      {timed.error ? <ErrorNotice error={timed.error} title={`No ${title.toLowerCase()}.`} /> : null}
      {timed.data ? (
        <Answer>
          Under way until <Time when={timed.data.endsAt} />.
        </Answer>
      ) : null}
    </FaultCard>
  );
}

/** Reads gwei as typed ("100", "1.5") into wei; undefined when it is not a positive amount. */
function gweiToWei(gwei: string): string | undefined {
  if (!/^\d+(\.\d{1,9})?$/.test(gwei.trim())) return undefined;
  const wei = parseUnits(gwei.trim(), 9);
  return wei > 0n ? wei.toString() : undefined;
}

/** A base fee spike: the fee in gwei and the blocks it lasts. */
export function FeeSpikeCard({ onDone }: FaultCardProps) {
  const [gwei, setGwei] = useState("100");
  const [blocks, setBlocks] = useState("5");
  const spike = adminApi.useMutation("post", "/chain/faults/fee-spike", { onSettled: onDone });
  const feeId = useId();
  const wei = gweiToWei(gwei);
  return (
    <FaultCard
      title="Fee spike"
      what="The next blocks have this base fee; afterwards it falls back as EIP-1559 lets it."
    >
      <form
        aria-label="Fee spike settings"
        onSubmit={(event) => {
          event.preventDefault();
          if (wei !== undefined) spike.mutate({ body: { baseFee: wei, blocks: Number(blocks) } });
        }}
      >
        <label htmlFor={feeId}>Base fee (gwei)</label>
        <input
          id={feeId}
          inputMode="decimal"
          required
          value={gwei}
          autoComplete="off"
          onChange={(event) => setGwei(event.target.value)}
        />
        {wei === undefined ? (
          <p className="field-error">A positive amount of gwei, at most 9 decimals.</p>
        ) : null}
        <NumberField label="Blocks" value={blocks} min={1} max={1000} onChange={setBlocks} />
        <div className="actions">
          <button type="submit" disabled={spike.isPending || wei === undefined}>
            Spike the base fee
          </button>
        </div>
      </form>
      {spike.error ? <ErrorNotice error={spike.error} title="No fee spike." /> : null}
      {spike.data ? (
        <Answer>
          From block <BlockLink number={spike.data.fromBlock} />.
        </Answer>
      ) : null}
    </FaultCard>
  );
}

/** Ends the stall, refused RPC or fee spike under way. */
export function RecoverCard({ onDone }: FaultCardProps) {
  const recover = adminApi.useMutation("post", "/chain/faults/recover", { onSettled: onDone });
  return (
    <FaultCard
      title="Recover"
      what="Ends every timed fault under way now: a stall, a refused RPC, a fee spike."
    >
      <div className="actions">
        <button type="button" disabled={recover.isPending} onClick={() => recover.mutate({})}>
          Recover now
        </button>
      </div>
      {recover.error ? <ErrorNotice error={recover.error} title="No recovery." /> : null}
      {recover.isSuccess ? <Answer>Every timed fault has ended.</Answer> : null}
    </FaultCard>
  );
}
