-- The offline gate's records: each entry or exit a gate let through while offline, by the id the
-- device gave it, with the server's decision. A record sent again answers its first decision, so
-- nothing is applied twice.
CREATE TABLE gate_sync_records (
  id serial PRIMARY KEY,
  community_id integer NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
  record_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  recorded_at timestamptz NOT NULL,
  accepted boolean NOT NULL,
  decision text NOT NULL,
  entry jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (community_id, record_id)
);
CREATE INDEX gate_sync_records_created_idx ON gate_sync_records (created_at);

ALTER TABLE gate_sync_records ENABLE ROW LEVEL SECURITY;
CREATE POLICY community_rows ON gate_sync_records TO porton_app
  USING (porton_community_visible(community_id)) WITH CHECK (porton_community_visible(community_id));
GRANT SELECT, INSERT, UPDATE, DELETE ON gate_sync_records TO porton_app;
GRANT USAGE, SELECT, UPDATE ON SEQUENCE gate_sync_records_id_seq TO porton_app;
