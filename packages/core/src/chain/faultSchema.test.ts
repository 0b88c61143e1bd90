import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { z } from "zod";
import { faultOptionsSchemas } from "./faultSchema.js";

// docs/faults.md's table of settings is the schema's, row for row: this test writes the table from
// the schema and compares. When a setting or a bound changes, paste the table it prints.

const begin =
  "<!-- settings: written from packages/core/src/chain/faultSchema.ts, checked by faultSchema.test.ts -->";
const end = "<!-- /settings -->";

/** What a setting accepts, in words, read off its schema. */
function accepts(setting: z.ZodType): string {
  const inner = setting instanceof z.ZodOptional ? (setting.unwrap() as z.ZodType) : setting;
  if (inner instanceof z.ZodBigInt) return `a bigint of wei, ${inner.minValue} to ${inner.maxValue}`;
  const json = z.toJSONSchema(inner, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  if (json.type === "integer") return `an integer, ${json.minimum} to ${json.maximum}`;
  if (json.type === "boolean") return "`true` or `false`";
  if (Array.isArray(json.enum)) return json.enum.map((value) => `\`"${value}"\``).join(" or ");
  if (json.type === "array") return `up to ${json.maxItems} transaction hashes`;
  throw new Error(`no words for ${JSON.stringify(json)}`);
}

function settingsTable(): string {
  const byShape = new Map<object, string[]>();
  for (const [fault, schema] of Object.entries(faultOptionsSchemas))
    byShape.set(schema, [...(byShape.get(schema) ?? []), `\`${fault}\``]);
  const rows = [...byShape].flatMap(([schema, faults]) =>
    Object.entries((schema as z.ZodObject).shape).map(
      ([name, setting]) =>
        `| ${faults.join(", ")} | \`${name}\` | ${setting instanceof z.ZodOptional ? "no" : "yes"} | ${accepts(setting as z.ZodType)} | ${(setting as z.ZodType).description ?? ""} |`,
    ),
  );
  return [
    "| fault | setting | required | accepts | what it is |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

test("docs/faults.md lists every fault setting with the schema's own bounds", () => {
  const doc = readFileSync(new URL("../../../../docs/faults.md", import.meta.url), "utf8");
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  expect(from, "the settings table's markers in docs/faults.md").toBeGreaterThan(-1);
  const written = doc
    .slice(from + begin.length, to)
    .trim()
    .replace(/ +\|/g, " |")
    .replace(/-{3,}/g, "---");
  expect(written, `docs/faults.md's settings table should read:\n\n${settingsTable()}\n`).toBe(
    settingsTable(),
  );
});
