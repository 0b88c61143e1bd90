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
  {
    version: 4,
    name: "explorer: the chain index (blocks, transactions, token transfers), labels, registered ABIs",
    sql: (s) => `
      CREATE TABLE ${s}.explorer_blocks (
        number BIGINT PRIMARY KEY,
        hash TEXT NOT NULL,
        parent_hash TEXT NOT NULL,
        timestamp BIGINT NOT NULL,
        transaction_count INTEGER NOT NULL,
        gas_used NUMERIC(78, 0) NOT NULL,
        gas_limit NUMERIC(78, 0) NOT NULL,
        base_fee_per_gas NUMERIC(78, 0),
        miner TEXT NOT NULL
      );
      CREATE INDEX explorer_blocks_hash ON ${s}.explorer_blocks (lower(hash));
      CREATE TABLE ${s}.explorer_transactions (
        block_number BIGINT NOT NULL,
        idx INTEGER NOT NULL,
        hash TEXT NOT NULL,
        block_hash TEXT NOT NULL,
        timestamp BIGINT NOT NULL,
        from_address TEXT NOT NULL,
        to_address TEXT,
        value NUMERIC(78, 0) NOT NULL,
        nonce BIGINT NOT NULL,
        kind TEXT NOT NULL,
        selector TEXT,
        input TEXT,
        status SMALLINT NOT NULL,
        gas_used NUMERIC(78, 0) NOT NULL,
        effective_gas_price NUMERIC(78, 0) NOT NULL,
        contract_address TEXT,
        PRIMARY KEY (block_number, idx)
      );
      CREATE INDEX explorer_transactions_hash ON ${s}.explorer_transactions (lower(hash));
      CREATE INDEX explorer_transactions_from ON ${s}.explorer_transactions (lower(from_address), block_number, idx);
      CREATE INDEX explorer_transactions_to ON ${s}.explorer_transactions (lower(to_address), block_number, idx);
      CREATE INDEX explorer_transactions_created ON ${s}.explorer_transactions (lower(contract_address), block_number, idx)
        WHERE contract_address IS NOT NULL;
      CREATE TABLE ${s}.explorer_token_transfers (
        block_number BIGINT NOT NULL,
        log_index INTEGER NOT NULL,
        position INTEGER NOT NULL,
        tx_index INTEGER NOT NULL,
        standard TEXT NOT NULL,
        token TEXT NOT NULL,
        from_address TEXT NOT NULL,
        to_address TEXT NOT NULL,
        amount NUMERIC(78, 0) NOT NULL,
        token_id NUMERIC(78, 0),
        PRIMARY KEY (block_number, log_index, position)
      );
      CREATE INDEX explorer_token_transfers_from ON ${s}.explorer_token_transfers (lower(from_address), block_number, tx_index);
      CREATE INDEX explorer_token_transfers_to ON ${s}.explorer_token_transfers (lower(to_address), block_number, tx_index);
      CREATE TABLE ${s}.explorer_labels (
        address TEXT NOT NULL,
        name TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX explorer_labels_address ON ${s}.explorer_labels (lower(address));
      -- Which indexed transactions privnet sent: the history looked up by hash.
      CREATE INDEX transactions_hash ON ${s}.transactions (hash);
      CREATE TABLE ${s}.explorer_contracts (
        address TEXT NOT NULL,
        name TEXT NOT NULL,
        abi JSON NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX explorer_contracts_address ON ${s}.explorer_contracts (lower(address));
    `,
  },
  {
    version: 5,
    name: "a history that stays fast as it grows: records by source, gas by sender per block, tokens by address",
    sql: (s) => `
      -- A bot's records (GET /transactions?source=…) and the bots' retention, newest or oldest first.
      CREATE INDEX transactions_source ON ${s}.transactions (source, id);
      -- Each block's gas used and transactions by sender, written with the block (GET /chain/block-gas
      -- reads one row per sender and block instead of every transaction of the window).
      CREATE TABLE ${s}.explorer_block_senders (
        block_number BIGINT NOT NULL,
        from_address TEXT NOT NULL,
        gas_used NUMERIC(78, 0) NOT NULL,
        transaction_count INTEGER NOT NULL,
        PRIMARY KEY (block_number, from_address)
      );
      INSERT INTO ${s}.explorer_block_senders (block_number, from_address, gas_used, transaction_count)
        SELECT block_number, min(from_address), sum(gas_used), count(*)
        FROM ${s}.explorer_transactions GROUP BY block_number, lower(from_address);
      -- The tokens an address moved, one index seek per token (not one row per transfer).
      CREATE INDEX explorer_token_transfers_from_token ON ${s}.explorer_token_transfers (lower(from_address), lower(token));
      CREATE INDEX explorer_token_transfers_to_token ON ${s}.explorer_token_transfers (lower(to_address), lower(token));
    `,
  },
];
