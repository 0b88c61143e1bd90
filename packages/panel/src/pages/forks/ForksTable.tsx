import type { AdminSchemas } from "../../api/adminApi";
import { adminApi } from "../../api/adminApi";
import { CopyButton } from "../../components/CopyButton";
import { ErrorNotice } from "../../components/ErrorNotice";
import { BlockLink } from "../../components/TxLink";
import { useNow } from "../../layout/useNow";

/** "12 min 5 s", "3 s", or "expiring" once the time is up. */
function formatRemaining(ms: number): string {
  if (ms <= 0) return "expiring";
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min ${rest} s` : `${rest} s`;
}

/** The running forks: each URL to copy, its block, the time left (counting down), a delete button. */
export function ForksTable({ forks, onDeleted }: { forks: AdminSchemas["Fork"][]; onDeleted(): void }) {
  const remove = adminApi.useMutation("delete", "/forks/{id}", { onSettled: onDeleted });
  const now = useNow(1_000);
  return (
    <>
      {remove.error ? <ErrorNotice error={remove.error} title="The fork could not be deleted." /> : null}
      <div className="table-scroll">
        <table aria-label="Running forks">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">RPC URL</th>
              <th scope="col">Block</th>
              <th scope="col">Expires in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {forks.map((fork) => (
              <tr key={fork.id}>
                <td>{fork.name}</td>
                <td>
                  <code>{fork.rpcUrl}</code>{" "}
                  <CopyButton text={fork.rpcUrl} what={`the URL of ${fork.name}`} />
                </td>
                <td>
                  <BlockLink number={fork.block} />
                </td>
                <td>
                  <time dateTime={fork.expiresAt}>{formatRemaining(Date.parse(fork.expiresAt) - now)}</time>
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    aria-label={`Delete ${fork.name}`}
                    disabled={remove.isPending && remove.variables?.params.path.id === fork.id}
                    onClick={() => remove.mutate({ params: { path: { id: fork.id } } })}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
