const units = ["B", "K", "M", "G", "T", "P"];

/**
 * A byte count the way `df -h` and `free -h` print it: powers of 1024, one decimal below 10,
 * a unit suffix ("512B", "3.9G", "120M").
 *
 * @example
 * formatBytes(4_187_593_113); // "3.9G"
 */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 || value >= 10 ? String(Math.round(value)) : value.toFixed(1);
  return `${text}${units[unit]}`;
}
