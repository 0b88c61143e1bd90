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
];
