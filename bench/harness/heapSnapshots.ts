/**
 * Reads `.heapsnapshot` files (V8's JSON, as `node:v8` `writeHeapSnapshot` writes them) and
 * compares two taken in one process: what the later one holds that the earlier did not, by class
 * (constructor name for objects, a kind in parentheses for strings, arrays, code, …), with the
 * count and the bytes of those objects themselves, and for each class what holds them (the
 * retaining object's class and the property or element that points at them).
 *
 * V8 keeps an object's snapshot id for its life, so "new" is "its id was not in the earlier
 * snapshot": objects allocated between the two and still alive.
 */
import { readFileSync } from "node:fs";

type RawSnapshot = {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
};

/** One snapshot, kept as its flat arrays with what is needed to walk them. */
export type HeapSnapshot = {
  nodeCount: number;
  ids: Float64Array;
  classOf: string[];
  selfSize: Float64Array;
  /** For each node, the node and edge name that first holds it strongly (-1: none found). */
  retainer: Int32Array;
  retainerEdge: string[];
};

/** DevTools' grouping: objects by constructor, everything else by kind. */
function className(type: string, name: string): string {
  switch (type) {
    case "object":
    case "closure":
      return type === "closure" ? `(closure) ${name || "anonymous"}` : name;
    case "string":
    case "concatenated string":
    case "sliced string":
      return "(string)";
    case "array":
      return `(array) ${name}`;
    case "hidden":
      return `(system) ${name}`;
    default:
      return `(${type})${name && type === "native" ? ` ${name}` : ""}`;
  }
}

export function readHeapSnapshot(path: string): HeapSnapshot {
  const raw = JSON.parse(readFileSync(path, "utf8")) as RawSnapshot;
  const { meta } = raw.snapshot;
  const nodeFields = meta.node_fields.length;
  const edgeFields = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf("type");
  const nameAt = meta.node_fields.indexOf("name");
  const idAt = meta.node_fields.indexOf("id");
  const sizeAt = meta.node_fields.indexOf("self_size");
  const edgeCountAt = meta.node_fields.indexOf("edge_count");
  const edgeTypeAt = meta.edge_fields.indexOf("type");
  const edgeNameAt = meta.edge_fields.indexOf("name_or_index");
  const edgeToAt = meta.edge_fields.indexOf("to_node");
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const nodeCount = raw.nodes.length / nodeFields;

  const ids = new Float64Array(nodeCount);
  const selfSize = new Float64Array(nodeCount);
  const classOf: string[] = new Array(nodeCount);
  const retainer = new Int32Array(nodeCount).fill(-1);
  const retainerEdge: string[] = new Array(nodeCount);
  let edge = 0;
  for (let node = 0; node < nodeCount; node++) {
    const base = node * nodeFields;
    const type = nodeTypes[raw.nodes[base + typeAt] as number] ?? "?";
    ids[node] = raw.nodes[base + idAt] as number;
    selfSize[node] = raw.nodes[base + sizeAt] as number;
    classOf[node] = className(type, raw.strings[raw.nodes[base + nameAt] as number] ?? "");
    const edges = raw.nodes[base + edgeCountAt] as number;
    for (let index = 0; index < edges; index++, edge += edgeFields) {
      const edgeType = edgeTypes[raw.edges[edge + edgeTypeAt] as number];
      // Weak references do not keep anything alive; shortcuts duplicate a real path.
      if (edgeType === "weak" || edgeType === "shortcut") continue;
      const to = (raw.edges[edge + edgeToAt] as number) / nodeFields;
      if (retainer[to] !== -1) continue;
      retainer[to] = node;
      const nameOrIndex = raw.edges[edge + edgeNameAt] as number;
      retainerEdge[to] =
        edgeType === "element" || edgeType === "hidden"
          ? `[${edgeType === "hidden" ? "hidden" : "n"}]`
          : (raw.strings[nameOrIndex] ?? "?");
    }
  }
  return { nodeCount, ids, classOf, selfSize, retainer, retainerEdge };
}

export type ClassGrowth = {
  className: string;
  /** Objects of the class alive in the later snapshot that the earlier one did not have. */
  newCount: number;
  newBytes: number;
  /** Every object of the class in each snapshot. */
  countBefore: number;
  countAfter: number;
  bytesBefore: number;
  bytesAfter: number;
  /** What holds the new ones: "Class.property", most bytes first. */
  heldBy: { by: string; count: number; bytes: number }[];
};

function totals(snapshot: HeapSnapshot) {
  const byClass = new Map<string, { count: number; bytes: number }>();
  for (let node = 0; node < snapshot.nodeCount; node++) {
    const name = snapshot.classOf[node] as string;
    const entry = byClass.get(name) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snapshot.selfSize[node] as number;
    byClass.set(name, entry);
  }
  return byClass;
}

/**
 * The classes whose objects the later snapshot holds anew, most bytes first.
 *
 * @example
 * const growth = diffHeapSnapshots(readHeapSnapshot("before.heapsnapshot"), readHeapSnapshot("after.heapsnapshot"));
 */
export function diffHeapSnapshots(before: HeapSnapshot, after: HeapSnapshot): ClassGrowth[] {
  const known = new Set<number>(before.ids);
  const beforeTotals = totals(before);
  const afterTotals = totals(after);
  const grown = new Map<string, ClassGrowth & { holders: Map<string, { count: number; bytes: number }> }>();
  for (let node = 0; node < after.nodeCount; node++) {
    if (known.has(after.ids[node] as number)) continue;
    const name = after.classOf[node] as string;
    let entry = grown.get(name);
    if (!entry) {
      entry = {
        className: name,
        newCount: 0,
        newBytes: 0,
        countBefore: beforeTotals.get(name)?.count ?? 0,
        countAfter: afterTotals.get(name)?.count ?? 0,
        bytesBefore: beforeTotals.get(name)?.bytes ?? 0,
        bytesAfter: afterTotals.get(name)?.bytes ?? 0,
        heldBy: [],
        holders: new Map(),
      };
      grown.set(name, entry);
    }
    const bytes = after.selfSize[node] as number;
    entry.newCount++;
    entry.newBytes += bytes;
    const holder = after.retainer[node] as number;
    const by = holder === -1 ? "(root)" : `${after.classOf[holder]}.${after.retainerEdge[node]}`;
    const held = entry.holders.get(by) ?? { count: 0, bytes: 0 };
    held.count++;
    held.bytes += bytes;
    entry.holders.set(by, held);
  }
  return [...grown.values()]
    .map(({ holders, ...entry }) => ({
      ...entry,
      heldBy: [...holders.entries()]
        .map(([by, held]) => ({ by, ...held }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3),
    }))
    .sort((a, b) => b.newBytes - a.newBytes);
}
