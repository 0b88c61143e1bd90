import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type AdminSchemas, adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { type ConfigJsonSchema, readSchemaForm, SchemaFields } from "./SchemaForm";

/**
 * One scenario: its bots, and a form generated from its config's schema that adds an instance
 * under a new name (own key, config and stats) and starts it.
 */
export function ScenarioCard({ scenario }: { scenario: AdminSchemas["BotScenario"] }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const id = useId();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["get", "/bots/status"] }),
      queryClient.invalidateQueries({ queryKey: ["get", "/bots/scenarios"] }),
    ]);
  const create = adminApi.useMutation("post", "/bots/instances");
  const start = adminApi.useMutation("post", "/bots/{name}/start", { onSuccess: refresh });
  const schema = scenario.configSchema as ConfigJsonSchema;

  const submit = async () => {
    const read = readSchemaForm(schema, values);
    if ("problem" in read) {
      setProblem(read.problem);
      return;
    }
    if (name.trim() === "") {
      setProblem("Give the instance a name.");
      return;
    }
    setProblem(undefined);
    const created = await create.mutateAsync({
      body: { scenario: scenario.name, name: name.trim(), config: read.config },
    });
    await start.mutateAsync({ params: { path: { name: created.bot } } });
    setName("");
    setValues({});
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{scenario.name} scenario</h3>
      <p className="small-print">
        {scenario.builtin ? "Built in" : "Custom"}; bots: {scenario.bots.join(", ")}
      </p>
      <form
        className="overrides"
        aria-label={`New ${scenario.name} instance`}
        onSubmit={(event) => {
          event.preventDefault();
          submit().catch(() => undefined); // shown from the mutations' errors
        }}
      >
        <div className="override-fields">
          <div>
            <label htmlFor={`${id}-name`}>Instance name</label>
            <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} />
          </div>
        </div>
        <details>
          <summary>Config</summary>
          <SchemaFields
            schema={schema}
            defaults={scenario.defaults}
            values={values}
            onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          />
        </details>
        {problem ? <p className="field-error">{problem}</p> : null}
        <div className="actions">
          <button type="submit" disabled={create.isPending || start.isPending}>
            Create and start
          </button>
        </div>
      </form>
      {create.error ? <ErrorNotice error={create.error} title="The instance was not created." /> : null}
      {start.error ? <ErrorNotice error={start.error} title="The instance did not start." /> : null}
    </section>
  );
}
