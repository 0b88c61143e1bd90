import { readFile, statfs } from "node:fs/promises";
import { formatBytes } from "./formatBytes.js";

export type DiskUsage = {
  /** The device or source, as /proc/mounts names it (e.g. "/dev/sda1", "overlay"). */
  filesystem: string;
  /** Human readable with a unit suffix, e.g. "59G". */
  size: string;
  used: string;
  available: string;
  /** Share of the space users can fill that is used, an integer 0–100 (df's Use%). */
  usePercent: number;
  mountPoint: string;
};

// Kernel and virtual filesystems that hold no user data.
const pseudoFilesystems = new Set([
  "proc",
  "sysfs",
  "devtmpfs",
  "devpts",
  "cgroup",
  "cgroup2",
  "mqueue",
  "debugfs",
  "tracefs",
  "securityfs",
  "pstore",
  "bpf",
  "configfs",
  "fusectl",
  "hugetlbfs",
  "autofs",
  "binfmt_misc",
  "nsfs",
  "rpc_pipefs",
  "selinuxfs",
  "efivarfs",
  "ramfs",
]);

/**
 * Usage of every mounted filesystem, like `df -h`: read from /proc/mounts and `statfs`, skipping
 * pseudo filesystems, empty ones and repeated mounts of one mount point. Empty where /proc is absent.
 *
 * @example
 * const [root] = await readDisks(); // { filesystem: "overlay", size: "59G", …, mountPoint: "/" }
 */
export async function readDisks(mountsPath = "/proc/mounts"): Promise<DiskUsage[]> {
  const mounts = await readFile(mountsPath, "utf8").catch(() => "");
  const seen = new Set<string>();
  const disks: DiskUsage[] = [];
  for (const line of mounts.split("\n")) {
    const [source, rawMountPoint, type] = line.split(" ");
    if (!source || !rawMountPoint || !type || pseudoFilesystems.has(type)) continue;
    // /proc/mounts escapes spaces and tabs in paths as octal.
    const mountPoint = rawMountPoint.replace(/\\([0-7]{3})/g, (_, octal: string) =>
      String.fromCharCode(Number.parseInt(octal, 8)),
    );
    if (seen.has(mountPoint)) continue;
    const stats = await statfs(mountPoint).catch(() => undefined);
    if (!stats || stats.blocks === 0) continue;
    seen.add(mountPoint);
    const size = stats.blocks * stats.bsize;
    const free = stats.bfree * stats.bsize;
    const available = stats.bavail * stats.bsize;
    const used = size - free;
    // As df computes it: used over what users can fill (used + available), rounded up.
    const usePercent = used + available === 0 ? 0 : Math.ceil((used / (used + available)) * 100);
    disks.push({
      filesystem: source,
      size: formatBytes(size),
      used: formatBytes(used),
      available: formatBytes(available),
      usePercent,
      mountPoint,
    });
  }
  return disks;
}
