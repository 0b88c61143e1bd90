import { useEffect, useState } from "react";

/**
 * Copies `text` to the clipboard; its accessible name says what ("Copy address"), and it says
 * "Copied" once done. Falls back to a selection copy where the Clipboard API is unavailable
 * (pages served over plain HTTP to another machine).
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(text);
      else copyBySelection(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <button type="button" className="copy" aria-label={`Copy ${what}`} onClick={copy}>
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
    </button>
  );
}

function copyBySelection(text: string): void {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}
