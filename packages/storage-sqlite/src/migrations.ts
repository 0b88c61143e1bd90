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
  {
    version: 4,
    name: "explorer: the chain index (blocks, transactions, token transfers), labels, registered ABIs",
    sql: `
      -- Block numbers are INTEGER here (ordered, compared, ranged); no chain reaches 2^63 blocks.
      CREATE TABLE explorer_blocks (
        number INTEGER PRIMARY KEY,
        hash TEXT NOT NULL COLLATE NOCASE,
        parent_hash TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        transaction_count INTEGER NOT NULL,
        gas_used TEXT NOT NULL,
        gas_limit TEXT NOT NULL,
        base_fee_per_gas TEXT,
        miner TEXT NOT NULL
      );
      CREATE INDEX explorer_blocks_hash ON explorer_blocks (hash);
      CREATE TABLE explorer_transactions (
        block_number INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        hash TEXT NOT NULL COLLATE NOCASE,
        block_hash TEXT NOT NULL,
        timestamp INTEGER NOT NULL,
        from_address TEXT NOT NULL COLLATE NOCASE,
        to_address TEXT COLLATE NOCASE,
        value TEXT NOT NULL,
        nonce INTEGER NOT NULL,
        kind TEXT NOT NULL,
        selector TEXT,
        input TEXT,
        status INTEGER NOT NULL,
        gas_used TEXT NOT NULL,
        effective_gas_price TEXT NOT NULL,
        contract_address TEXT COLLATE NOCASE,
        PRIMARY KEY (block_number, idx)
      ) WITHOUT ROWID;
      CREATE INDEX explorer_transactions_hash ON explorer_transactions (hash);
      CREATE INDEX explorer_transactions_from ON explorer_transactions (from_address, block_number, idx);
      CREATE INDEX explorer_transactions_to ON explorer_transactions (to_address, block_number, idx);
      CREATE INDEX explorer_transactions_created ON explorer_transactions (contract_address, block_number, idx)
        WHERE contract_address IS NOT NULL;
      CREATE TABLE explorer_token_transfers (
        block_number INTEGER NOT NULL,
        log_index INTEGER NOT NULL,
        position INTEGER NOT NULL,
        tx_index INTEGER NOT NULL,
        standard TEXT NOT NULL,
        token TEXT NOT NULL COLLATE NOCASE,
        from_address TEXT NOT NULL COLLATE NOCASE,
        to_address TEXT NOT NULL COLLATE NOCASE,
        amount TEXT NOT NULL,
        token_id TEXT,
        PRIMARY KEY (block_number, log_index, position)
      ) WITHOUT ROWID;
      CREATE INDEX explorer_token_transfers_from ON explorer_token_transfers (from_address, block_number, tx_index);
      CREATE INDEX explorer_token_transfers_to ON explorer_token_transfers (to_address, block_number, tx_index);
      CREATE TABLE explorer_labels (
        address TEXT PRIMARY KEY COLLATE NOCASE,
        name TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- Which indexed transactions privnet sent: the history looked up by hash.
      CREATE INDEX transactions_hash ON transactions (hash);
      CREATE TABLE explorer_contracts (
        address TEXT PRIMARY KEY COLLATE NOCASE,
        name TEXT NOT NULL,
        abi TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: "a history that stays fast as it grows: records by source, gas by sender per block, tokens by address",
    sql: `
      -- A bot's records (GET /transactions?source=…) and the bots' retention, newest or oldest first.
      CREATE INDEX transactions_source ON transactions (source, id);
      -- Each block's gas used and transactions by sender, written with the block (GET /chain/block-gas
      -- reads one row per sender and block instead of every transaction of the window).
      CREATE TABLE explorer_block_senders (
        block_number INTEGER NOT NULL,
        from_address TEXT NOT NULL COLLATE NOCASE,
        gas_used TEXT NOT NULL,
        transaction_count INTEGER NOT NULL,
        PRIMARY KEY (block_number, from_address)
      ) WITHOUT ROWID;
      INSERT INTO explorer_block_senders (block_number, from_address, gas_used, transaction_count)
        SELECT block_number, min(from_address), CAST(sum(CAST(gas_used AS INTEGER)) AS TEXT), count(*)
        FROM explorer_transactions GROUP BY block_number, from_address;
      -- The tokens an address moved, one index seek per token (not one row per transfer).
      CREATE INDEX explorer_token_transfers_from_token ON explorer_token_transfers (from_address, token);
      CREATE INDEX explorer_token_transfers_to_token ON explorer_token_transfers (to_address, token);
    `,
  },
];
