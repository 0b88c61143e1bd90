import { useEffect } from "react";

/** Sets the document title ("Wallets · privnet"), which screen readers announce on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · privnet`;
  }, [title]);
}
