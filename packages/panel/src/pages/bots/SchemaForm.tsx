import { useId } from "react";

/** The part of a JSON Schema (as `z.toJSONSchema` writes a bot's config) the form reads. */
export type ConfigJsonSchema = {
  properties?: Record<string, PropertySchema>;
};

type PropertySchema = {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
};

/** How a property is entered: a number, a text, a choice, a tick box, or JSON for the rest. */
export type FieldKind = "number" | "text" | "choice" | "boolean" | "json";

export function fieldKind(schema: PropertySchema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) return "choice";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "string") return "text";
  if (schema.type === "boolean") return "boolean";
  return "json";
}

/**
 * The values typed into a schema form, as a config: empty fields are left out (the scenario's
 * defaults hold); numbers and JSON are parsed. Returns the first problem instead when a value does
 * not parse; the API checks the rest against the scenario's schema.
 */
export function readSchemaForm(
  schema: ConfigJsonSchema,
  values: Record<string, string>,
): { config: Record<string, unknown> } | { problem: string } {
  const config: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const raw = values[key]?.trim() ?? "";
    if (raw === "") continue;
    switch (fieldKind(property)) {
      case "number": {
        const value = Number(raw);
        if (!Number.isFinite(value)) return { problem: `${key} is a number.` };
        config[key] = value;
        break;
      }
      case "boolean":
        config[key] = raw === "true";
        break;
      case "json":
        try {
          config[key] = JSON.parse(raw);
        } catch {
          return { problem: `${key} is JSON (e.g. {"min":"1","max":"2"} or null).` };
        }
        break;
      default:
        config[key] = raw;
    }
  }
  return { config };
}

/**
 * The fields of a scenario's config, generated from its JSON Schema: one input per property, of
 * the kind its type asks for, with the default as placeholder.
 */
export function SchemaFields({
  schema,
  defaults,
  values,
  onChange,
}: {
  schema: ConfigJsonSchema;
  defaults: Record<string, unknown>;
  values: Record<string, string>;
  onChange(key: string, value: string): void;
}) {
  const id = useId();
  return (
    <div className="override-fields">
      {Object.entries(schema.properties ?? {}).map(([key, property]) => {
        const kind = fieldKind(property);
        const fieldId = `${id}-${key}`;
        const placeholder =
          defaults[key] === undefined ? "" : JSON.stringify(defaults[key]).replace(/^"|"$/g, "");
        return (
          <div key={key}>
            <label htmlFor={fieldId} title={property.description}>
              {key}
            </label>
            {kind === "choice" || kind === "boolean" ? (
              <select
                id={fieldId}
                value={values[key] ?? ""}
                onChange={(event) => onChange(key, event.target.value)}
              >
                <option value="">{placeholder ? `default (${placeholder})` : "default"}</option>
                {(kind === "boolean" ? ["true", "false"] : (property.enum as string[])).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fieldId}
                inputMode={kind === "number" ? "decimal" : undefined}
                className={kind === "json" ? "mono" : undefined}
                value={values[key] ?? ""}
                placeholder={placeholder}
                onChange={(event) => onChange(key, event.target.value)}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
