/**
 * The schema, one step per version. A step is never edited once released: a change is a new step.
 * Addresses compare without case (COLLATE NOCASE), wei amounts and block numbers are decimal TEXT
 * because they exceed SQLite's 64-bit integers, and AUTOINCREMENT keeps ids from being reused.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "wallets, transactions, state, locks",
    sql: `
      CREATE TABLE wallets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        address TEXT NOT NULL UNIQUE COLLATE NOCASE,
        private_key TEXT NOT NULL,
        system INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE transactions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        hash TEXT NOT NULL,
        from_address TEXT NOT NULL COLLATE NOCASE,
        to_address TEXT NOT NULL COLLATE NOCASE,
        value TEXT NOT NULL,
        nonce INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
        block_number TEXT,
        source TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX transactions_from ON transactions (from_address, id);
      CREATE INDEX transactions_to ON transactions (to_address, id);
      CREATE INDEX transactions_status ON transactions (status, id);
      CREATE TABLE state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE locks (
        key TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "write-ahead records: the signed transaction kept while pending",
    sql: `
      ALTER TABLE transactions ADD COLUMN raw_transaction TEXT;
    `,
  },
  {
    version: 3,
    name: "transaction kinds: transfer, call (with its selector), deploy, blob, set-code",
    sql: `
      ALTER TABLE transactions ADD COLUMN kind TEXT
        CHECK (kind IN ('transfer', 'call', 'deploy', 'blob', 'set-code'));
      ALTER TABLE transactions ADD COLUMN selector TEXT;
      -- Records written before this step: the data was never stored, so the kind is known only
      -- where the source sends one kind. Plain transfers: the admin API's sends, the transfer bot,
      -- top-ups and gap fillers. Calls (selector unknown): the oracle's pushes, lending. Every other
      -- source (sdk, deployment, token bots, a caller's own) sends several kinds: left NULL.
      UPDATE transactions SET kind = 'transfer'
        WHERE source IN ('api', 'transfer', 'funding', 'bot-funding', 'nonce-gap-filler');
      UPDATE transactions SET kind = 'call' WHERE source IN ('oracle', 'lending');
      CREATE INDEX transactions_kind ON transactions (kind, id);
    `,
  },
];
