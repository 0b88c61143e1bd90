import type { AbiError } from "abitype";
import { type Abi, type Address, erc20Abi, erc721Abi, type Hex, parseAbi } from "viem";
import type { BotContractInfo } from "../bots/BotDefinition.js";
import { storageLayouts } from "../contracts/generated.js";
import type { PlatformContractInfo } from "../contracts/listPlatformContracts.js";
import type { ExplorerStore } from "../storage/ExplorerStore.js";
import type { ArtifactLibrary } from "./artifacts/ArtifactLibrary.js";
import { decodeCall, decodeEvent } from "./decodeWithAbi.js";
import type { DecodedCall, DecodedEvent, KnownContract } from "./ExplorerShapes.js";

/**
 * ERC-1155's interface (EIP-1155), written out: viem exports `erc1155Abi` only from releases newer
 * than the oldest viem privnet supports (2.24).
 */
const ERC1155_ABI = parseAbi([
  "function balanceOf(address account, uint256 id) view returns (uint256)",
  "function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])",
  "function setApprovalForAll(address operator, bool approved)",
  "function isApprovedForAll(address account, address operator) view returns (bool)",
  "function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)",
  "function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)",
  "function uri(uint256 id) view returns (string)",
  "event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
  "event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)",
  "event ApprovalForAll(address indexed account, address indexed operator, bool approved)",
  "event URI(string value, uint256 indexed id)",
]);

/** The token standards' ABIs (viem's ERC-20 and ERC-721), tried for contracts with no ABI of their own. */
export const STANDARD_ABIS: readonly { name: string; abi: Abi }[] = [
  { name: "ERC20", abi: erc20Abi },
  { name: "ERC721", abi: erc721Abi },
  { name: "ERC1155", abi: ERC1155_ABI },
];

/** Where the registry finds the contracts it knows. */
export type ContractRegistrySources = {
  /** The platform's deployed contracts (empty before they are deployed). */
  platform(): Promise<PlatformContractInfo[]>;
  /** The bots' contracts, by bot name. */
  bots(): Promise<Record<string, BotContractInfo | null>>;
  store: ExplorerStore;
  /** The users' build artifacts, matched by code for any address none of the above names. */
  artifacts?: ArtifactLibrary | undefined;
};

/** What one read of the sources gives: the contracts by address, and the bundled ones' Solidity names. */
type RegistryRead = {
  contracts: Map<string, KnownContract>;
  /** The Solidity contract of each platform and bot contract, by lower-case address ("TestToken"). */
  bundled: Map<string, string>;
};

/** How long the merged list is reused before it is read again (ms). */
const FRESH_FOR = 3_000;

/**
 * One ABI registry: the platform's contracts, every bot's contract and the ABIs users registered,
 * by address (a user's registration wins), then the users' build artifacts matched by the code at
 * the address, with the ERC-20/721/1155 standards tried for any other address. The merged list is read at most every few seconds; `forget()` drops it at once (a
 * registration, a rewind).
 *
 * @example
 * const known = await registry.lookup(address);
 * const call = await registry.decodeCall(address, input);
 */
export class ContractRegistry {
  readonly #sources: ContractRegistrySources;
  #known: { at: number; read: Promise<RegistryRead> } | undefined;

  constructor(sources: ContractRegistrySources) {
    this.#sources = sources;
  }

  forget() {
    this.#known = undefined;
  }

  /** Every contract with an ABI of its own, by lower-case address. */
  async all(): Promise<Map<string, KnownContract>> {
    return (await this.#fresh()).contracts;
  }

  /**
   * The storage layout (solc's `storageLayout`, unchecked) of the privnet contract at `address` —
   * a platform contract or a bot's, from the bindings its code was built with — or undefined.
   */
  async storageLayout(address: Address): Promise<unknown> {
    const contract = (await this.#fresh()).bundled.get(address.toLowerCase());
    return contract === undefined ? undefined : (storageLayouts as Record<string, unknown>)[contract];
  }

  #fresh(): Promise<RegistryRead> {
    if (!this.#known || Date.now() - this.#known.at > FRESH_FOR) {
      const read = this.#read();
      this.#known = { at: Date.now(), read };
      read.catch(() => {
        if (this.#known?.read === read) this.#known = undefined;
      });
    }
    return this.#known.read;
  }

  async lookup(address: Address | null): Promise<KnownContract | undefined> {
    if (!address) return undefined;
    const own = (await this.all()).get(address.toLowerCase());
    return own ?? this.#sources.artifacts?.lookup(address);
  }

  /** Every custom error the registry knows (a revert may come from any contract called). */
  async errors(): Promise<AbiError[]> {
    const known = await this.all();
    return [
      ...[...known.values()].flatMap((contract) =>
        contract.abi.filter((item): item is AbiError => item.type === "error"),
      ),
      ...(this.#sources.artifacts?.errors() ?? []),
    ];
  }

  /** The call decoded with the contract's ABI, else with a token standard's. */
  async decodeCall(to: Address | null, input: Hex | null, hint?: string): Promise<DecodedCall | null> {
    if (!to || !input || input.length < 10) return null;
    const known = await this.lookup(to);
    if (known) {
      const call = decodeCall(known.name, known.abi, input);
      if (call) return call;
    }
    for (const standard of orderStandards(hint)) {
      const call = decodeCall(standard.name, standard.abi, input);
      if (call) return call;
    }
    return null;
  }

  /** The log decoded with the emitting contract's ABI, else with a token standard's. */
  async decodeEvent(address: Address, topics: readonly Hex[], data: Hex): Promise<DecodedEvent | null> {
    const known = await this.lookup(address);
    if (known) {
      const event = decodeEvent(known.name, known.abi, topics, data);
      if (event) return event;
    }
    for (const standard of STANDARD_ABIS) {
      const event = decodeEvent(standard.name, standard.abi, topics, data);
      if (event) return event;
    }
    return null;
  }

  async #read(): Promise<RegistryRead> {
    const [platform, bots, registered] = await Promise.all([
      this.#sources.platform().catch(() => []),
      this.#sources.bots().catch(() => ({})),
      this.#sources.store.contracts.list(),
    ]);
    const known = new Map<string, KnownContract>();
    const bundled = new Map<string, string>();
    for (const contract of platform) {
      bundled.set(contract.address.toLowerCase(), contract.contract);
      known.set(contract.address.toLowerCase(), {
        name: contract.name,
        address: contract.address,
        abi: contract.abi,
        source: "platform",
      });
    }
    for (const contract of Object.values(bots)) {
      if (!contract) continue;
      bundled.set(contract.address.toLowerCase(), contract.contract);
      known.set(contract.address.toLowerCase(), {
        name: contract.name,
        address: contract.address,
        abi: contract.abi,
        source: "bot",
      });
    }
    for (const contract of registered) {
      known.set(contract.address.toLowerCase(), {
        name: contract.name,
        address: contract.address,
        abi: contract.abi,
        source: "user",
      });
    }
    return { contracts: known, bundled };
  }
}

/** ERC-20 and ERC-721 share selectors (`transferFrom`, `approve`): the token's standard goes first. */
function orderStandards(hint: string | undefined) {
  if (hint === undefined) return STANDARD_ABIS;
  const first = STANDARD_ABIS.filter((standard) => standard.name.toLowerCase() === hint);
  return [...first, ...STANDARD_ABIS.filter((standard) => !first.includes(standard))];
}
