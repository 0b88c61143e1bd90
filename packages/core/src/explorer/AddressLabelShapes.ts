/** Where an address's name comes from; a user's own label wins over every other. */
export type AddressLabelSource = "user" | "wallet" | "system" | "bot" | "platform" | "contract";

/** An address's name, the same everywhere (API, panel, SDK). */
export type AddressLabel = { name: string; source: AddressLabelSource };
