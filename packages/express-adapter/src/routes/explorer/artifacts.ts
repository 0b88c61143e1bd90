import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { isoTimestamp } from "../../schemas/fields.js";

const artifactBuild = z
  .object({
    source: z.string().describe("The folder it was loaded from."),
    contracts: z.array(
      z.object({
        name: z.string(),
        sourceName: z.string().describe("The Solidity file, as the compiler named it."),
        file: z.string().describe("The artifact file, relative to the folder."),
        hasStorageLayout: z.boolean(),
      }),
    ),
    errors: z
      .array(z.object({ file: z.string(), message: z.string() }))
      .describe("Each file that could not be used, and why; the others loaded."),
    loadedAt: isoTimestamp,
  })
  .meta({ id: "ArtifactBuild" });

export const loadArtifacts = defineRoute({
  method: "post",
  path: "/contracts/artifacts",
  operationId: "loadArtifacts",
  summary: "Load a build's artifacts from a folder",
  description:
    "A Hardhat 3 `artifacts/` folder (with its `build-info/`), a Foundry `out/` folder, or a folder of solc standard-JSON outputs, on the server's machine. It replaces what was loaded from the same folder. Any contract on the chain whose runtime code is one of the build's (the metadata hash, immutables and library addresses aside; EIP-1167 clones and EIP-1967 proxies as their implementation) is then named and decoded; registered ABIs still win. A file that cannot be used is listed in `errors`, the others load.",
  tag: "explorer",
  body: {
    schema: z.object({
      dir: z
        .string({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(4096, { error: "must be at most 4096 characters" })
        .describe("The folder's path on the server's machine."),
    }),
    required: true,
  },
  response: artifactBuild,
  errors: {
    400: "No folder, or one that cannot be read (VALIDATION_FAILED, ARTIFACTS_UNREADABLE).",
    503: "The explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, body }) {
    return platform.contracts.loadArtifacts(body.dir);
  },
});

export const listArtifacts = defineRoute({
  method: "get",
  path: "/contracts/artifacts",
  operationId: "listArtifacts",
  summary: "The builds loaded",
  description:
    "Each folder loaded (`privnet up --artifacts`, `POST /contracts/artifacts`), its contracts and the files that could not be used.",
  tag: "explorer",
  response: z.object({ builds: z.array(artifactBuild) }).meta({ id: "ArtifactBuilds" }),
  errors: { 503: "The explorer is off (EXPLORER_UNAVAILABLE)." },
  async handler({ platform }) {
    return { builds: await platform.contracts.artifacts() };
  },
});
