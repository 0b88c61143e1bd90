import { adminApi } from "../../api/adminApi";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { Time } from "../../components/Time";

const STATUS_REFRESH_MS = 30_000;

/** The machine the admin server runs on: uptime, memory, disks, running containers. */
export function ServerStatusCard() {
  const query = adminApi.useQuery("get", "/server-status", undefined, { refetchInterval: STATUS_REFRESH_MS });
  const status = query.data;
  return (
    <section className="card" aria-labelledby="server-title">
      <h2 id="server-title">Server</h2>
      {query.error ? <ErrorNotice error={query.error} title="The server status could not be read." /> : null}
      {query.isPending ? <Loading what="server status" /> : null}
      {status ? (
        <>
          <dl className="fields">
            <dt>Uptime</dt>
            <dd>{status.uptime}</dd>
            <dt>Memory</dt>
            <dd>
              {status.memory.used} used of {status.memory.total}, {status.memory.available} available
            </dd>
            <dt>Containers</dt>
            <dd>{status.runtimeContainers} running</dd>
            <dt>Read at</dt>
            <dd>
              <Time when={status.timestamp} />
            </dd>
          </dl>
          {/* Four narrow columns (the size folds into "used"), so the table fits half the page. */}
          <div className="table-scroll">
            <table aria-label="Disks" className="disks">
              <thead>
                <tr>
                  <th scope="col">Mounted on</th>
                  <th scope="col">Used</th>
                  <th scope="col" className="narrow-drop">
                    Free
                  </th>
                  <th scope="col">Use</th>
                </tr>
              </thead>
              <tbody>
                {status.disks.map((disk) => (
                  <tr key={`${disk.filesystem}-${disk.mountPoint}`}>
                    <td className="mono wrap" title={disk.filesystem}>
                      {disk.mountPoint}
                    </td>
                    <td className="wrap">
                      {disk.used} <span className="muted">of {disk.size}</span>
                    </td>
                    <td className="narrow-drop">{disk.available}</td>
                    <td>
                      <meter
                        min={0}
                        max={100}
                        value={disk.usePercent}
                        aria-label={`${disk.mountPoint} use`}
                      />{" "}
                      {disk.usePercent}%
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
