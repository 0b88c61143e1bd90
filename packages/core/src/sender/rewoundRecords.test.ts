import { padHex } from "viem";
import { describe, expect, test } from "vitest";
import { RewoundRecords } from "./rewoundRecords.js";

const record = (id: number) => ({
  recordId: id,
  from: padHex("0x1", { size: 20 }),
  nonce: id,
  hashes: [padHex(`0x${id.toString(16)}`), padHex(`0x${(id + 1000).toString(16)}`)],
});

describe("RewoundRecords", () => {
  test("a record is found by any of its hashes, once", () => {
    const rewound = new RewoundRecords();
    const entry = record(1);
    rewound.remember(entry);
    expect(rewound.take(entry.hashes[1] as `0x${string}`)).toBe(entry);
    expect(rewound.take(entry.hashes[0] as `0x${string}`)).toBeUndefined();
    expect(rewound.size).toBe(0);
  });

  test("a record no block held 128 blocks after the scan first met it is forgotten", () => {
    const rewound = new RewoundRecords();
    const late = record(1);
    rewound.remember(late);
    rewound.expire(10n); // first met at block 10: looked for through block 138
    const later = record(2);
    rewound.remember(later);
    rewound.expire(138n); // `later` first met here
    expect(rewound.size).toBe(4);
    rewound.expire(139n);
    expect(rewound.take(late.hashes[0] as `0x${string}`)).toBeUndefined();
    expect(rewound.take(later.hashes[0] as `0x${string}`)).toBe(later);
  });
});
