import { readFile } from "node:fs/promises";
import {
  type BotDefinition,
  parseTrafficText,
  scenarioRegistry,
  validateTrafficDocument,
} from "@privnet/core";
import { builtinScenarios } from "@privnet/scenarios";
import type { StackSettings } from "./resolveSettings.js";
import { UsageError } from "./UsageError.js";

/**
 * Reads (from its file) and checks the traffic document of `privnet up --traffic` or the config's
 * `traffic`, against the built-in scenarios and the config's custom bots, before anything starts.
 * An invalid one is a {@link UsageError} listing every problem by path; then nothing starts.
 * Returns the settings with the parsed document.
 *
 * @example
 * settings = await loadTraffic(settings);
 */
export async function loadTraffic(settings: StackSettings): Promise<StackSettings> {
  const traffic = settings.traffic;
  if (!traffic) return settings;
  let document = traffic.document;
  if (document === undefined) {
    let text: string;
    try {
      text = await readFile(traffic.from, "utf8");
    } catch (error) {
      throw new UsageError(
        `The traffic document ${traffic.from} could not be read: ${(error as Error).message}`,
      );
    }
    const parsed = parseTrafficText(text);
    if (parsed.issues.length > 0) throw invalid(traffic.from, parsed.issues);
    document = parsed.value;
  }
  const custom = (settings.bots.custom ?? []) as readonly BotDefinition[];
  const catalogues = settings.bots.catalogues ?? [builtinScenarios];
  const checked = validateTrafficDocument(document, { scenarios: scenarioRegistry(custom, catalogues) });
  if (!checked.valid) throw invalid(traffic.from, checked.issues);
  return { ...settings, traffic: { from: traffic.from, document: checked.document } };
}

function invalid(from: string, issues: readonly { path: string; message: string }[]) {
  const lines = issues.map((issue) => `  ${issue.path || "(document)"}: ${issue.message}`).join("\n");
  return new UsageError(
    `The traffic document ${from} is not valid (${issues.length} ${issues.length === 1 ? "problem" : "problems"}; nothing was started):\n${lines}`,
  );
}
