/** A seeded source of uniform numbers in [0, 1) and standard normal draws. */
export type Random = {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Standard normal (mean 0, variance 1), Box–Muller. */
  normal(): number;
};

/**
 * A small deterministic PRNG (mulberry32, 32-bit state) seeded from a number and a label, so that
 * every token draws its own reproducible sequence and adding a token does not change the others'.
 *
 * @example
 * const random = createRandom(42, "ETH");
 * random.uniform(); // the same on every run with seed 42
 */
export function createRandom(seed: number, label = ""): Random {
  let state = mixSeed(seed, label);
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    uniform,
    normal() {
      // 1 − u keeps the logarithm's argument in (0, 1].
      const u1 = 1 - uniform();
      const u2 = uniform();
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    },
  };
}

/** FNV-1a over the seed's decimal digits and the label: a 32-bit starting state. */
function mixSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}:${label}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
