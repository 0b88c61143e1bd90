import { SimulationNotFoundError } from "../../errors/explorer.js";
import type { ExplorerContext } from "../ExplorerContext.js";
import type { Simulation } from "./SimulationShapes.js";

/** The state key a saved simulation is kept under. */
const keyOf = (id: string) => `simulation:${id}`;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Keeps a simulation in the storage adapter's keyed state (every adapter has it, durable on
 * write), under a new random id, as JSON with its bigints as tagged decimal strings.
 *
 * @example
 * const { id } = await saveSimulation(ctx, simulation);
 */
export async function saveSimulation(ctx: ExplorerContext, simulation: Simulation): Promise<Simulation> {
  const saved = { ...simulation, id: crypto.randomUUID() };
  await ctx.storage.state.set(keyOf(saved.id), JSON.parse(JSON.stringify(saved, toJson)));
  return saved;
}

/**
 * A saved simulation, as it was answered. Fails with `SIMULATION_NOT_FOUND`.
 *
 * @example
 * const simulation = await getSimulation(ctx, id);
 */
export async function getSimulation(ctx: ExplorerContext, id: string): Promise<Simulation> {
  const stored = ID.test(id) ? await ctx.storage.state.get<unknown>(keyOf(id)) : undefined;
  if (stored === undefined) throw new SimulationNotFoundError(id);
  return JSON.parse(JSON.stringify(stored), fromJson) as Simulation;
}

function toJson(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? { $bigint: value.toString() } : value;
}

function fromJson(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const tagged = value as { $bigint?: unknown };
    if (typeof tagged.$bigint === "string" && Object.keys(value).length === 1) return BigInt(tagged.$bigint);
  }
  return value;
}
