import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi, adminClient } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";

/**
 * The whole traffic set-up as one document (JSON here; `privnet up --traffic` also reads YAML):
 * export it from this stack, or paste one and import it — refused whole, with every problem by
 * path, when it is not valid.
 */
export function TrafficDocumentPanel() {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const id = useId();
  const imported = adminApi.useMutation("post", "/traffic/import", {
    onSuccess: (result) => {
      setDone(
        `Imported: started ${result.started.join(", ") || "none"}; created ${result.created.join(", ") || "none"}.`,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["get", "/bots/status"] }),
        queryClient.invalidateQueries({ queryKey: ["get", "/bots/scenarios"] }),
      ]);
    },
  });

  const exportDocument = async () => {
    const { data } = await adminClient.GET("/traffic");
    if (data) setText(JSON.stringify(data, null, 2));
  };
  const importDocument = () => {
    setDone(undefined);
    let document: Record<string, unknown>;
    try {
      document = JSON.parse(text) as Record<string, unknown>;
    } catch {
      setProblem("The document is not JSON.");
      return;
    }
    setProblem(undefined);
    imported.mutate({ body: document });
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Traffic document</h2>
      <label htmlFor={`${id}-text`}>Document (JSON)</label>
      <textarea
        id={`${id}-text`}
        className="mono"
        rows={10}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {problem ? <p className="field-error">{problem}</p> : null}
      <div className="actions">
        <button type="button" onClick={() => void exportDocument()}>
          Export
        </button>
        <button type="button" disabled={imported.isPending} onClick={importDocument}>
          Import
        </button>
      </div>
      {done ? <p role="status">{done}</p> : null}
      {imported.error ? <ErrorNotice error={imported.error} title="The document was not imported." /> : null}
    </section>
  );
}
