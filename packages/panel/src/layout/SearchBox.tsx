import { useId, useState } from "react";
import { useLocation } from "wouter";

/**
 * The header's search: a transaction or block hash, an address, a block number or a label. It
 * opens the search page, which goes straight to the one thing found.
 */
export function SearchBox() {
  const [, navigate] = useLocation();
  const [text, setText] = useState("");
  const id = useId();
  return (
    <search className="search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const q = text.trim();
          if (q === "") return;
          navigate(`/search?q=${encodeURIComponent(q)}`);
          setText("");
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          Search the chain
        </label>
        <input
          id={id}
          type="search"
          value={text}
          autoComplete="off"
          spellCheck={false}
          placeholder="Hash, address, block or label"
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}
