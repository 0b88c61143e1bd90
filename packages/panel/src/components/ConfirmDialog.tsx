import { type ReactNode, useId, useRef } from "react";
import { useModal } from "../layout/useModal";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

/**
 * A modal question with a confirm and a cancel button. The native `<dialog>` keeps the focus
 * inside and closes on Escape (which cancels).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, busy, onConfirm, onCancel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModal(dialog, open);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div>{children}</div>
      <div className="actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
