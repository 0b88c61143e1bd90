/**
 * The schema, one step per version, the same logical schema as @privnet/storage-sqlite. A step is
 * never edited once released: a change is a new step. `s` is the quoted schema name. Wei amounts
 * and block numbers are NUMERIC(78, 0) (every uint256 fits; int8 would not), addresses are unique
 * and filtered without case through lower(), identity ids come from sequences and are never reused.
 */
export const migrations: readonly { version: number; name: string; sql: (s: string) => string }[] = [
  {
    version: 1,
    name: "wallets, transactions, state",
    sql: (s) => `
      CREATE TABLE ${s}.wallets (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name TEXT NOT NULL,
        address TEXT NOT NULL,
        private_key TEXT NOT NULL,
        system BOOLEAN NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX wallets_address ON ${s}.wallets (lower(address));
      CREATE TABLE ${s}.transactions (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        hash TEXT NOT NULL,
        from_address TEXT NOT NULL,
        to_address TEXT NOT NULL,
        value NUMERIC(78, 0) NOT NULL,
        nonce BIGINT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
        block_number NUMERIC(78, 0),
        source TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX transactions_from ON ${s}.transactions (lower(from_address), id);
      CREATE INDEX transactions_to ON ${s}.transactions (lower(to_address), id);
      CREATE INDEX transactions_status ON ${s}.transactions (status, id);
      CREATE TABLE ${s}.state (
        key TEXT PRIMARY KEY,
        value JSON NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "write-ahead records: the signed transaction kept while pending",
    sql: (s) => `
      ALTER TABLE ${s}.transactions ADD COLUMN raw_transaction TEXT;
    `,
  },
  {
    version: 3,
    name: "transaction kinds: transfer, call (with its selector), deploy, blob, set-code",
    sql: (s) => `
      ALTER TABLE ${s}.transactions
        ADD COLUMN kind TEXT CHECK (kind IN ('transfer', 'call', 'deploy', 'blob', 'set-code')),
        ADD COLUMN selector TEXT;
      -- Records written before this step: the data was never stored, so the kind is known only
      -- where the source sends one kind. Plain transfers: the admin API's sends, the transfer bot,
      -- top-ups and gap fillers. Calls (selector unknown): the oracle's pushes, lending. Every other
      -- source (sdk, deployment, token bots, a caller's own) sends several kinds: left NULL.
      UPDATE ${s}.transactions SET kind = 'transfer'
        WHERE source IN ('api', 'transfer', 'funding', 'bot-funding', 'nonce-gap-filler');
      UPDATE ${s}.transactions SET kind = 'call' WHERE source IN ('oracle', 'lending');
      CREATE INDEX transactions_kind ON ${s}.transactions (kind, id);
    `,
  },
];
