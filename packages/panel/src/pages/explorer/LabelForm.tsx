import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { adminApi } from "../../api/adminApi";
import type { AddressLabel } from "../../components/AddressLink";
import { ErrorNotice } from "../../components/ErrorNotice";

/** Gives an address a user's own label (shown everywhere, over privnet's names), or removes it. */
export function LabelForm({ address, label }: { address: string; label: AddressLabel }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const refresh = () => queryClient.invalidateQueries();
  const save = adminApi.useMutation("put", "/labels/{address}", {
    onSuccess: () => {
      setName("");
      return refresh();
    },
  });
  const remove = adminApi.useMutation("delete", "/labels/{address}", { onSuccess: refresh });
  const id = useId();
  return (
    <form
      className="label-form"
      aria-label="Label"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== "") save.mutate({ params: { path: { address } }, body: { label: name.trim() } });
      }}
    >
      <label htmlFor={id}>Your label</label>
      <div className="row">
        <input
          id={id}
          value={name}
          maxLength={64}
          autoComplete="off"
          placeholder={label?.name ?? "a name for this address"}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={save.isPending}>
          Save label
        </button>
        {label?.source === "user" ? (
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ params: { path: { address } } })}
          >
            Remove label
          </button>
        ) : null}
      </div>
      {save.error ? <ErrorNotice error={save.error} title="The label was not saved." /> : null}
      {remove.error ? <ErrorNotice error={remove.error} title="The label was not removed." /> : null}
    </form>
  );
}
