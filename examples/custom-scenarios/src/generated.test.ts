import { expect, test } from "vitest";
import { contractsDigest as current } from "./compileContracts.js";
import { contractsDigest as compiledFrom } from "./generated.js";

test("src/generated.ts was compiled from contracts/ as they are (else: npm run compile)", () => {
  expect(current(), "a contract changed since src/generated.ts was written: run `npm run compile`").toBe(
    compiledFrom,
  );
});
