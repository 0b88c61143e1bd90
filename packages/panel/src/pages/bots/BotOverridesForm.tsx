import { useId, useState } from "react";
import type { AdminSchemas } from "../../api/adminApi";

export type BotOverrides = AdminSchemas["StartBotRequest"];

export type BotOverridesFormProps = {
  bot: string;
  /** The bot's configured defaults: they say which overrides apply (the nft bot has no amount). */
  config: Record<string, unknown>;
  running: boolean;
  busy: boolean;
  onStart(overrides: BotOverrides): void;
  onStop(): void;
};

/**
 * Start (with overrides for this run: interval, amount, random range) and stop. Empty fields keep
 * the configured values; the API checks what is given and its message is shown as is.
 */
export function BotOverridesForm({ bot, config, running, busy, onStart, onStop }: BotOverridesFormProps) {
  const [intervalMs, setIntervalMs] = useState("");
  const [amount, setAmount] = useState("");
  const [random, setRandom] = useState(false);
  const [min, setMin] = useState("");
  const [max, setMax] = useState("");
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const takesAmount = "amount" in config;
  const takesRandom = "random" in config;

  const start = () => {
    const overrides: BotOverrides = {};
    if (intervalMs.trim() !== "") {
      const value = Number(intervalMs);
      if (!Number.isInteger(value) || value < 0) {
        setProblem("The interval is a whole number of milliseconds, 0 or more.");
        return;
      }
      overrides.interval = value;
    }
    if (takesAmount && amount.trim() !== "") overrides.amount = amount.trim();
    if (takesRandom && random) overrides.random = { min: min.trim(), max: max.trim() };
    setProblem(undefined);
    onStart(overrides);
  };

  return (
    <form
      className="overrides"
      aria-label={`Start options of the ${bot} bot`}
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      <div className="override-fields">
        <div>
          <label htmlFor={`${id}-interval`}>Interval (ms)</label>
          <input
            id={`${id}-interval`}
            inputMode="numeric"
            value={intervalMs}
            placeholder={String(config.interval ?? "")}
            onChange={(event) => setIntervalMs(event.target.value)}
          />
        </div>
        {takesAmount ? (
          <div>
            <label htmlFor={`${id}-amount`}>Amount</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              placeholder={String(config.amount ?? "")}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
        ) : null}
      </div>
      {takesRandom ? (
        <fieldset>
          <legend>
            <label className="inline">
              <input type="checkbox" checked={random} onChange={(event) => setRandom(event.target.checked)} />
              Random amount
            </label>
          </legend>
          <div className="override-fields">
            <div>
              <label htmlFor={`${id}-min`}>Random minimum</label>
              <input
                id={`${id}-min`}
                inputMode="decimal"
                value={min}
                disabled={!random}
                onChange={(event) => setMin(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${id}-max`}>Random maximum</label>
              <input
                id={`${id}-max`}
                inputMode="decimal"
                value={max}
                disabled={!random}
                onChange={(event) => setMax(event.target.value)}
              />
            </div>
          </div>
        </fieldset>
      ) : null}
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="actions">
        <button type="submit" disabled={busy || running} aria-label={`Start ${bot} bot`}>
          Start
        </button>
        <button type="button" disabled={busy || !running} aria-label={`Stop ${bot} bot`} onClick={onStop}>
          Stop
        </button>
      </div>
    </form>
  );
}
