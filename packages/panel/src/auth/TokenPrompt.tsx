import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useModal } from "../layout/useModal";
import { tokenStore, useTokenState } from "./tokenStore";

/**
 * Asks for the admin token when the API answered 401, once for the browser session: the token is
 * kept in `sessionStorage`, and every request and stream sends it from then on.
 */
export function TokenPrompt() {
  const { prompt } = useTokenState();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState("");
  const id = useId();
  useModal(dialog, prompt !== undefined);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        // Without a token nothing works: the question stays until one is given.
        event.preventDefault();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const token = value.trim();
          if (token === "") return;
          tokenStore.save(token);
          setValue("");
          void queryClient.invalidateQueries();
        }}
      >
        <h2 id={`${id}-title`}>Admin token</h2>
        <p>
          {prompt === "refused"
            ? "The API refused that token. Enter the token privnet was started with."
            : "This admin API needs a token (PRIVNET_ADMIN_TOKEN or admin.token of privnet.config.ts)."}{" "}
          It is kept for this browser session only.
        </p>
        {prompt === "refused" ? (
          <p className="notice notice-error" role="alert">
            The token was refused.
          </p>
        ) : null}
        <label htmlFor={`${id}-token`}>Token</label>
        <input
          id={`${id}-token`}
          type="password"
          autoComplete="current-password"
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <div className="actions">
          <button type="submit">Use token</button>
        </div>
      </form>
    </dialog>
  );
}
