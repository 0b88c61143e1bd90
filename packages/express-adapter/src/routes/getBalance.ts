import { parseAddress } from "@privnet/core/internal";
import { defineRoute } from "@privnet/http";
import { formatEther } from "viem";
import { z } from "zod";
import { addressInput, addressOutput, ethOutput } from "../schemas/fields.js";

export const getBalance = defineRoute({
  method: "get",
  path: "/balance/:address",
  operationId: "getBalance",
  summary: "The ETH balance of any address",
  tag: "wallets",
  params: z.object({ address: addressInput("address") }),
  response: z
    .object({
      address: addressOutput,
      balance: ethOutput,
      wei: z.string().regex(/^\d+$/).describe("The same balance in wei, as an integer string."),
    })
    .meta({ id: "Balance" }),
  errors: {
    400: "Not 0x + 40 hex digits, or a mixed-case address with a wrong EIP-55 checksum (INVALID_ADDRESS).",
    503: "The chain does not answer.",
  },
  async handler({ platform, params }) {
    const address = parseAddress(params.address, "address");
    const wei = await platform.client.getBalance({ address });
    return { address, balance: formatEther(wei), wei: wei.toString() };
  },
});
