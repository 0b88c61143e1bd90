import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { countRuntimeContainers } from "./countRuntimeContainers.js";
import { formatBytes } from "./formatBytes.js";
import { formatUptime } from "./formatUptime.js";
import { readDisks } from "./readDisks.js";
import { readMemory } from "./readMemory.js";
import { serverStatus } from "./serverStatus.js";

const humanSize = /^\d+(\.\d)?[BKMGTP]$/;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), "privnet-status-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("serverStatus", () => {
  test("reads disks, memory, containers, uptime and time from this machine", async () => {
    const status = await serverStatus({ dockerSocketPath: join(await tempDir(), "absent.sock") });
    const root = status.disks.find((disk) => disk.mountPoint === "/");
    expect(root).toBeDefined();
    for (const disk of status.disks) {
      expect(disk.size).toMatch(humanSize);
      expect(disk.used).toMatch(humanSize);
      expect(disk.available).toMatch(humanSize);
      expect(Number.isInteger(disk.usePercent)).toBe(true);
      expect(disk.usePercent).toBeGreaterThanOrEqual(0);
      expect(disk.usePercent).toBeLessThanOrEqual(100);
      expect(["proc", "sysfs", "cgroup", "cgroup2"]).not.toContain(disk.filesystem);
    }
    for (const value of Object.values(status.memory)) expect(value).toMatch(humanSize);
    expect(status.runtimeContainers).toBe(0);
    expect(status.uptime).toMatch(/^\d+d \d{1,2}h \d{1,2}m$/);
    expect(status.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test("skips pseudo filesystems and repeated mount points from /proc/mounts", async () => {
    const mounts = join(await tempDir(), "mounts");
    await writeFile(
      mounts,
      [
        "proc /proc proc rw 0 0",
        "sysfs /sys sysfs ro 0 0",
        "rootfs / overlay rw 0 0",
        "again / ext4 rw 0 0",
        "",
      ].join("\n"),
    );
    const disks = await readDisks(mounts);
    expect(disks.map((disk) => [disk.filesystem, disk.mountPoint])).toEqual([["rootfs", "/"]]);
  });

  test("memory comes from /proc/meminfo: used is total minus available", async () => {
    const meminfo = join(await tempDir(), "meminfo");
    await writeFile(
      meminfo,
      "MemTotal:       16384000 kB\nMemFree:         1024000 kB\nMemAvailable:    8192000 kB\n",
    );
    expect(await readMemory(meminfo)).toEqual({
      total: "16G",
      used: "7.8G",
      free: "1000M",
      available: "7.8G",
    });
  });

  test("counts the running containers a Docker engine reports on its socket", async () => {
    const socketPath = join(await tempDir(), "docker.sock");
    // A small HTTP server on a unix socket, answering as the engine's API does.
    const server = createServer((req, res) => {
      res.writeHead(req.url === "/containers/json" ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(req.url === "/containers/json" ? [{ Id: "a" }, { Id: "b" }, { Id: "c" }] : {}));
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    expect(await countRuntimeContainers(socketPath)).toBe(3);
  });

  test("0 containers when no engine answers", async () => {
    expect(await countRuntimeContainers(join(await tempDir(), "none.sock"))).toBe(0);
  });

  test("formats sizes like df -h and uptime as <d>d <h>h <m>m", () => {
    expect([
      formatBytes(512),
      formatBytes(1536),
      formatBytes(4_187_593_113),
      formatBytes(64 * 1024 ** 3),
    ]).toEqual(["512B", "1.5K", "3.9G", "64G"]);
    expect(formatUptime(93_784)).toBe("1d 2h 3m");
    expect(formatUptime(59)).toBe("0d 0h 0m");
  });
});
