import { devNftAbi, devNftBytecode } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, parseEventLogs, zeroAddress } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { deploy, expectRevert, mined, walletFor } from "./chain.js";

const devnet = useDevnet();

type Metadata = {
  name: string;
  description: string;
  image: string;
  attributes: { trait_type: string; value: string | number }[];
};

function decodeDataUri(uri: string, mediaType: string): string {
  const prefix = `data:${mediaType};base64,`;
  expect(uri.startsWith(prefix)).toBe(true);
  return Buffer.from(uri.slice(prefix.length), "base64").toString("utf8");
}

describe("DevNFT", () => {
  const owner = () => walletFor(devnet, 1);
  const collector = () => walletFor(devnet, 2);
  let nft: Address;

  beforeAll(async () => {
    nft = await deploy(owner(), { abi: devNftAbi, bytecode: devNftBytecode });
  });

  const mint = (to: Address) =>
    mined(owner(), owner().writeContract({ address: nft, abi: devNftAbi, functionName: "mint", args: [to] }));
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    owner().readContract({ address: nft, abi: devNftAbi, functionName, args } as never) as Promise<T>;

  test("the owner mints ids 1, 2, … with Transfer events", async () => {
    const first = await mint(collector().account.address);
    const second = await mint(owner().account.address);
    const [a] = parseEventLogs({ abi: devNftAbi, logs: first.logs, eventName: "Transfer" });
    const [b] = parseEventLogs({ abi: devNftAbi, logs: second.logs, eventName: "Transfer" });
    expect(a?.args).toEqual({ from: zeroAddress, to: collector().account.address, tokenId: 1n });
    expect(b?.args).toEqual({ from: zeroAddress, to: owner().account.address, tokenId: 2n });
    expect(await read("ownerOf", [1n])).toBe(collector().account.address);
    expect(await read("totalMinted")).toBe(2n);
    expect(await read("name")).toBe("privnet DevNFT");
    expect(await read("symbol")).toBe("DEVNFT");
  });

  test("tokenURI is an on-chain base64 JSON document with an on-chain SVG image and attributes", async () => {
    await mint(collector().account.address);
    await mint(collector().account.address);
    const first = JSON.parse(decodeDataUri(await read("tokenURI", [1n]), "application/json")) as Metadata;
    expect(first).toMatchObject({
      name: "DevNFT #1",
      description: "A privnet development NFT with on-chain metadata.",
      attributes: [
        { trait_type: "Hue", value: 47 },
        { trait_type: "Shape", value: "Circle" },
      ],
    });
    const svg = decodeDataUri(first.image, "image/svg+xml");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<circle cx="200" cy="200" r="120" fill="hsl(47,70%,55%)"/>');
    expect(svg).toContain(">#1</text></svg>");

    const second = JSON.parse(decodeDataUri(await read("tokenURI", [2n]), "application/json")) as Metadata;
    expect(second.name).toBe("DevNFT #2");
    expect(second.attributes).toEqual([
      { trait_type: "Hue", value: 94 },
      { trait_type: "Shape", value: "Square" },
    ]);
    expect(decodeDataUri(second.image, "image/svg+xml")).toContain('<rect x="90" y="90" width="220"');
  });

  test("tokenURI of an id never minted reverts ERC721NonexistentToken", async () => {
    await expectRevert(read("tokenURI", [1n]), "ERC721NonexistentToken");
  });

  test("only the owner mints; holders transfer their tokens", async () => {
    await expectRevert(
      collector().writeContract({
        address: nft,
        abi: devNftAbi,
        functionName: "mint",
        args: [collector().account.address],
      }),
      "OwnableUnauthorizedAccount",
    );
    await mint(collector().account.address);
    await mined(
      collector(),
      collector().writeContract({
        address: nft,
        abi: devNftAbi,
        functionName: "transferFrom",
        args: [collector().account.address, owner().account.address, 1n],
      }),
    );
    expect(await read("ownerOf", [1n])).toBe(owner().account.address);
  });
});
