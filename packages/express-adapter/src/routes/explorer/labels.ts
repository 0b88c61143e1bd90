import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { addressLabel } from "../../schemas/explorer.js";
import { addressInput, addressOutput } from "../../schemas/fields.js";

const labelled = z.object({ address: addressOutput, label: addressLabel }).meta({ id: "LabelledAddress" });

export const listLabels = defineRoute({
  method: "get",
  path: "/labels",
  operationId: "listLabels",
  summary: "Every labelled address",
  description:
    "The one label table the API and the panel use: stored wallets, the 21 system accounts, each bot's key, the platform's deployer, the oracle's updater, contracts by name, and users' own labels on top.",
  tag: "explorer",
  response: z.object({ labels: z.array(labelled) }).meta({ id: "Labels" }),
  errors: { 503: "The database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE)." },
  async handler({ platform }) {
    return { labels: await platform.labels.list() };
  },
});

export const setLabel = defineRoute({
  method: "put",
  path: "/labels/:address",
  operationId: "setLabel",
  summary: "Give an address your own label",
  description: "Stored; it wins over every other name the address has. 1 to 64 characters.",
  tag: "explorer",
  params: z.object({ address: addressInput("address") }),
  body: {
    schema: z.object({
      label: z.string({ error: "must be a string" }).describe("The name: 1 to 64 characters (trimmed)."),
    }),
    required: true,
  },
  response: labelled,
  errors: {
    400: "Not an address (INVALID_ADDRESS), or a label that is empty or longer than 64 characters (INVALID_LABEL).",
    503: "The database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params, body }) {
    return platform.labels.set(params.address, body.label);
  },
});

export const deleteLabel = defineRoute({
  method: "delete",
  path: "/labels/:address",
  operationId: "deleteLabel",
  summary: "Remove your own label from an address",
  description: "The address keeps any other name it has. Answers 204 whether or not it had a label of yours.",
  tag: "explorer",
  params: z.object({ address: addressInput("address") }),
  response: z.null(),
  successStatus: 204,
  errors: {
    400: "Not an address (INVALID_ADDRESS).",
    503: "The database does not answer, or the explorer is off (EXPLORER_UNAVAILABLE).",
  },
  async handler({ platform, params }) {
    await platform.labels.remove(params.address);
    return null;
  },
});
