import type { AbiError } from "abitype";
import { type Abi, type Address, getAddress, type Hex, keccak256, type PublicClient } from "viem";
import type { KnownContract } from "../ExplorerShapes.js";
import {
  cloneImplementation,
  EIP1967_IMPLEMENTATION_SLOT,
  type PreparedArtifact,
  prepareArtifact,
  stripMetadata,
} from "./matchBytecode.js";
import type { ArtifactFileError, ContractArtifact } from "./parseArtifactFiles.js";

/** One loaded build: where it came from, its contracts and the files that could not be used. */
export type ArtifactSet = {
  /** The folder (or name) it was loaded from; loading it again replaces it. */
  source: string;
  artifacts: ContractArtifact[];
  errors: ArtifactFileError[];
  loadedAt: string;
};

/** Artifacts of one code length whose variable bytes sit at the same places. */
type CodeGroup = {
  key: string;
  spans: PreparedArtifact["spans"];
  byMaskedCode: Map<string, ContractArtifact>;
};

/** The bytes of `code` that are compared (those outside the variable ranges), joined. */
function masked(code: string, spans: PreparedArtifact["spans"]): string {
  return spans.map(([start, end]) => code.slice(start, end)).join("|");
}

/**
 * Whether the code holds a DELEGATECALL (0xf4) outside PUSH data, walking its opcodes (the CBOR
 * metadata at the end may give a false yes, never a false no).
 */
function mayDelegate(code: Hex): boolean {
  for (let at = 2; at < code.length; at += 2) {
    const opcode = Number.parseInt(code.slice(at, at + 2), 16);
    if (opcode === 0xf4) return true;
    // PUSH1 (0x60) … PUSH32 (0x7f) are followed by 1 … 32 bytes of data.
    if (opcode >= 0x60 && opcode <= 0x7f) at += (opcode - 0x5f) * 2;
  }
  return false;
}

/** How long what an address holds is reused before it is read again (ms): a proxy may be upgraded. */
const FRESH_FOR = 3_000;

/**
 * The users' build artifacts, and the contracts on the chain they match: runtime code compared
 * with each artifact's, ignoring solc's metadata and the bytes each deployment fills in
 * (immutables, library addresses); an EIP-1167 clone and an EIP-1967 proxy are named and decoded
 * as their implementation. A match is cached by code hash, so a chain where a factory deployed a
 * thousand copies compares each code once; what an address holds is re-read every few seconds.
 *
 * @example
 * library.replace("./artifacts", artifacts, errors);
 * await library.lookup(address); // { name: "Vault", source: "artifact", abi, … }
 */
export class ArtifactLibrary {
  readonly #client: PublicClient;
  readonly #sets = new Map<string, ArtifactSet>();
  #byLength: Map<number, CodeGroup[]> | undefined;
  readonly #byCodeHash = new Map<Hex, ContractArtifact | null>();
  readonly #byAddress = new Map<string, { at: number; known: Promise<KnownContract | undefined> }>();
  readonly #matched = new Map<string, KnownContract>();
  #errors: AbiError[] | undefined;

  constructor(client: PublicClient) {
    this.#client = client;
  }

  /** Puts a build in place of the one loaded from the same source. */
  replace(source: string, artifacts: ContractArtifact[], errors: ArtifactFileError[]): ArtifactSet {
    const set = { source, artifacts, errors, loadedAt: new Date().toISOString() };
    this.#sets.set(source, set);
    this.#changed();
    return set;
  }

  /** Drops a build; true when one was loaded from `source`. */
  remove(source: string): boolean {
    const removed = this.#sets.delete(source);
    if (removed) this.#changed();
    return removed;
  }

  sets(): ArtifactSet[] {
    return [...this.#sets.values()];
  }

  /** Forgets what each address holds (the chain went back). Matches by code hash stay true. */
  forget() {
    this.#byAddress.clear();
    this.#matched.clear();
  }

  /** The contracts matched so far, by lower-case address (for labels). */
  matched(): ReadonlyMap<string, KnownContract> {
    return this.#matched;
  }

  /** Every custom error of every loaded artifact (a revert may come from any contract called). */
  errors(): AbiError[] {
    this.#errors ??= this.#artifacts().flatMap((artifact) =>
      artifact.abi.filter((item): item is AbiError => item.type === "error"),
    );
    return this.#errors;
  }

  /** The artifact whose runtime code `code` is, if any (hex with `0x`). */
  matchCode(code: Hex): ContractArtifact | undefined {
    if (code === "0x" || this.#sets.size === 0) return undefined;
    const hash = keccak256(code);
    const cached = this.#byCodeHash.get(hash);
    if (cached !== undefined) return cached ?? undefined;
    const stripped = stripMetadata(code.slice(2).toLowerCase());
    let found: ContractArtifact | undefined;
    for (const group of this.#index().get(stripped.length) ?? []) {
      found = group.byMaskedCode.get(masked(stripped, group.spans));
      if (found) break;
    }
    this.#byCodeHash.set(hash, found ?? null);
    return found;
  }

  /** The contract at `address` as its artifact describes it (a proxy: as its implementation). */
  lookup(address: Address): Promise<KnownContract | undefined> {
    if (this.#sets.size === 0) return Promise.resolve(undefined);
    const key = address.toLowerCase();
    const entry = this.#byAddress.get(key);
    if (entry && Date.now() - entry.at <= FRESH_FOR) return entry.known;
    const known = this.#read(getAddress(address));
    this.#byAddress.set(key, { at: Date.now(), known });
    known.then(
      (found) => {
        if (found) this.#matched.set(key, found);
        else this.#matched.delete(key);
      },
      () => {
        if (this.#byAddress.get(key)?.known === known) this.#byAddress.delete(key);
      },
    );
    return known;
  }

  async #read(address: Address): Promise<KnownContract | undefined> {
    const code = await this.#client.getCode({ address });
    if (code === undefined || code === "0x") return undefined;
    const own = this.matchCode(code);
    const clone = cloneImplementation(code);
    // Only code that can delegate may be an EIP-1967 proxy: the slot is read for those alone.
    const slot =
      clone || !mayDelegate(code)
        ? undefined
        : await this.#client
            .getStorageAt({ address, slot: EIP1967_IMPLEMENTATION_SLOT })
            .catch(() => undefined);
    const stored = slot && BigInt(slot) !== 0n ? getAddress(`0x${slot.slice(-40)}`) : undefined;
    const implementation = clone ?? stored;
    if (implementation) {
      const target = await this.#client.getCode({ address: implementation }).catch(() => undefined);
      const behind = target ? this.matchCode(target) : undefined;
      if (behind) {
        return {
          name: `${behind.name} proxy`,
          address,
          // The implementation's functions first: a proxy's own (upgradeTo…) only where they differ.
          abi: [...behind.abi, ...(own?.abi ?? [])] as Abi,
          source: "artifact",
          proxy: { standard: clone ? "eip1167" : "eip1967", implementation },
        };
      }
    }
    if (!own) return undefined;
    return { name: own.name, address, abi: own.abi, source: "artifact" };
  }

  #artifacts(): ContractArtifact[] {
    return [...this.#sets.values()].flatMap((set) => set.artifacts);
  }

  /**
   * The artifacts by code length, then by where their variable bytes sit: within a group one map
   * lookup of the deployed code's compared bytes finds the artifact, however many there are.
   */
  #index(): Map<number, CodeGroup[]> {
    if (!this.#byLength) {
      const index = new Map<number, CodeGroup[]>();
      for (const artifact of this.#artifacts()) {
        const prepared = prepareArtifact(artifact);
        if (!prepared) continue;
        const groups = index.get(prepared.code.length) ?? [];
        index.set(prepared.code.length, groups);
        const key = prepared.spans.join(";");
        let group = groups.find((candidate) => candidate.key === key);
        if (!group) {
          group = { key, spans: prepared.spans, byMaskedCode: new Map() };
          groups.push(group);
        }
        const code = masked(prepared.code, prepared.spans);
        if (!group.byMaskedCode.has(code)) group.byMaskedCode.set(code, artifact);
      }
      this.#byLength = index;
    }
    return this.#byLength;
  }

  #changed() {
    this.#byLength = undefined;
    this.#errors = undefined;
    this.#byCodeHash.clear();
    this.forget();
  }
}
