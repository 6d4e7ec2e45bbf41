-- The audit trail. Append-only: rows are inserted in the same transaction as the
-- change they record; UPDATE, DELETE and TRUNCATE are refused by triggers, except the retention
-- prune, which announces itself with the transaction-local setting `porton.audit_prune_before`
-- and may delete only rows older than it (services/audit.ts `pruneAudit`).
-- No foreign keys: the trail outlives what it names (a deleted integrator, a soft-deleted user),
-- and a cascading SET NULL would be an UPDATE. The actor's label is kept as it was then.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'device', 'anonymous')),
  actor_user_id integer,
  actor_device_id integer,
  actor_label text CHECK (char_length(actor_label) <= 160),
  community_id integer,
  action text NOT NULL CHECK (action ~ '^[a-z]+(\.[a-zA-Z]+)+$'),
  record_uuid uuid,
  address text CHECK (char_length(address) <= 64),
  changes jsonb
);
CREATE INDEX audit_events_time_idx ON audit_events (occurred_at DESC, id DESC);
CREATE INDEX audit_events_community_time_idx ON audit_events (community_id, occurred_at DESC, id DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor_user_id, occurred_at DESC);
CREATE INDEX audit_events_action_idx ON audit_events (action, occurred_at DESC);

CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prune_before text := current_setting('porton.audit_prune_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND prune_before IS NOT NULL AND prune_before <> ''
     AND OLD.occurred_at < prune_before::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'La bitácora de auditoría no admite cambios (%).', TG_OP USING ERRCODE = '42501';
END $$;

CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

-- "When" is the database's clock at the insert, whatever the statement says.
CREATE FUNCTION audit_events_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.occurred_at := clock_timestamp();
  RETURN NEW;
END $$;

CREATE TRIGGER audit_events_stamp BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_stamp();

CREATE FUNCTION audit_events_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La bitácora de auditoría no admite cambios (TRUNCATE).' USING ERRCODE = '42501';
END $$;

CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_no_truncate();
