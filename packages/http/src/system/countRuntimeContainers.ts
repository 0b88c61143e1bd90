import { request } from "node:http";

/** Where the Docker engine listens by default. */
export const DOCKER_SOCKET_PATH = "/var/run/docker.sock";

/**
 * Number of running containers, from `GET /containers/json` on the Docker engine's unix socket.
 * 0 when no engine answers there (no socket, refused, timeout, not JSON).
 *
 * @example
 * const running = await countRuntimeContainers();
 */
export function countRuntimeContainers(socketPath = DOCKER_SOCKET_PATH, timeoutMs = 1_000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { socketPath, path: "/containers/json", method: "GET", timeout: timeoutMs },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          try {
            const containers: unknown = JSON.parse(body);
            resolve(res.statusCode === 200 && Array.isArray(containers) ? containers.length : 0);
          } catch {
            resolve(0);
          }
        });
        res.on("error", () => resolve(0));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end();
  });
}
