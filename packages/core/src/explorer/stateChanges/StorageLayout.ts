import { z } from "zod";

const member = z.object({
  label: z.string(),
  offset: z.number().int().nonnegative(),
  slot: z.string().regex(/^\d+$/),
  type: z.string(),
});

/** solc's `storageLayout` output (the part the explorer reads). */
export const storageLayoutSchema = z.object({
  storage: z.array(member),
  types: z
    .record(
      z.string(),
      z.object({
        encoding: z.enum(["inplace", "mapping", "dynamic_array", "bytes"]),
        label: z.string(),
        numberOfBytes: z.string().regex(/^\d+$/),
        key: z.string().optional(),
        value: z.string().optional(),
        base: z.string().optional(),
        members: z.array(member).optional(),
      }),
    )
    .nullable()
    .optional(),
});

export type StorageLayout = z.infer<typeof storageLayoutSchema>;
export type StorageType = NonNullable<StorageLayout["types"]>[string];

/** The layout an artifact carries, or undefined when it has none (or not in solc's shape). */
export function readStorageLayout(layout: unknown): StorageLayout | undefined {
  const parsed = storageLayoutSchema.safeParse(layout);
  return parsed.success && parsed.data.storage.length > 0 ? parsed.data : undefined;
}
