import { readFileSync } from "node:fs";

/** The process group of process `pid` (Linux: `/proc/<pid>/stat`, its fifth field). */
export function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

/**
 * Resolves once no process of group `group` is left. They are not our children, so no exit event
 * reaches us: the group is asked (signal 0) until it is gone.
 */
export async function groupEnded(group: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-group, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
