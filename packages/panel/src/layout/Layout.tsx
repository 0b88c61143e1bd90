import type { ReactNode } from "react";
import { Link, useRoute } from "wouter";
import { SearchBox } from "./SearchBox";

const sections = [
  { href: "/wallets", label: "Wallets", pattern: "/wallets/*?" },
  { href: "/send", label: "Send", pattern: "/send" },
  { href: "/transactions", label: "Transactions", pattern: "/transactions" },
  { href: "/blocks", label: "Blocks", pattern: "/blocks/*?" },
  { href: "/contracts", label: "Contracts", pattern: "/contracts" },
  { href: "/simulate", label: "Simulate", pattern: "/simulate" },
  { href: "/bots", label: "Bots", pattern: "/bots" },
  { href: "/prices", label: "Prices and network", pattern: "/prices" },
  { href: "/faults", label: "Faults", pattern: "/faults" },
  { href: "/forks", label: "Forks", pattern: "/forks" },
] as const;

function NavLink({ href, label, pattern }: (typeof sections)[number]) {
  const [active] = useRoute(pattern);
  return (
    <Link href={href} aria-current={active ? "page" : undefined}>
      {label}
    </Link>
  );
}

/** The page frame: a skip link, the header with the sections, and the page. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">privnet</span>
        <nav aria-label="Sections">
          {sections.map((section) => (
            <NavLink key={section.href} {...section} />
          ))}
        </nav>
        <SearchBox />
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
