import { type RefObject, useEffect } from "react";

/**
 * Opens a `<dialog>` as a modal (focus kept inside, the page behind inert) while `open`, and
 * closes it otherwise.
 *
 * @example
 * const dialog = useRef<HTMLDialogElement>(null);
 * useModal(dialog, asking);
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [dialog, open]);
}
