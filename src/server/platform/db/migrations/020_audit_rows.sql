-- The audit trail written by the database: every insert, update and delete of a community's rows
-- and of the global catalogues leaves an event, whatever route or service wrote it.
--
-- Who: the request's actor, which the request's transaction carries in transaction-local settings
-- (`porton.actor_kind`, `porton.actor_user_id`, `porton.actor_device_id`, `porton.actor_label`,
-- `porton.actor_address`; row-scope.ts writes them with the row scope). Work with no actor (seeds,
-- scripts, sweeps) is not a person's change and is not recorded: the trigger returns at once, so
-- seeding costs one setting read per statement.
--
-- How: one statement-level trigger per table and operation, over the statement's transition
-- tables, so a statement that writes many rows (the residents' import) records them in one
-- set-based insert. Each row changed is one event: the table, the operation, the record's uuid and
-- id, its community (its own `community_id`, the parent's for a child row, the community itself for
-- `communities`, none for the global catalogues and accounts) and the fields: every value set on
-- insert, every value removed on delete, and on update the columns that differ. Columns named like
-- a secret (password, token, secret, hash, code, salt) are never written; an update of secrets only
-- is recorded without fields. An update that changes only bookkeeping (timestamps, presence, search
-- text, version) is not an event, nor is a child row inserted with its parent in the same
-- transaction (a new resident's phones and code belong to the resident's creation).
--
-- A route that names its own event (`recordAudit`: a sign-in, a licence change, a worker's
-- approval) names its transaction: the rows' events are left out after it, and those written
-- before it in the same transaction are withdrawn when it is inserted. They were never committed,
-- so the committed trail stays append-only.
--
-- Action names may be camelCase after their first letter (`commonArea.create`).
ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_action_check;
ALTER TABLE audit_events ADD CONSTRAINT audit_events_action_check CHECK (action ~ '^[a-z][a-zA-Z]*(\.[a-zA-Z]+)+$');
-- The record as the database names it: set by the trigger, null on the events routes write.
ALTER TABLE audit_events ADD COLUMN record_table text;
ALTER TABLE audit_events ADD COLUMN record_id bigint;

-- The transaction that wrote an event, so a route's own event can withdraw the rows' events of
-- its transaction (never another's, never a committed one).
ALTER TABLE audit_events ADD COLUMN tx_id bigint;
ALTER TABLE audit_events ALTER COLUMN tx_id SET DEFAULT txid_current();

-- "When" is the database's clock at the insert (as before). An event a route writes (no
-- record_table) names its transaction: the rows' events written so far in it are withdrawn.
CREATE OR REPLACE FUNCTION audit_events_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  first_id text;
BEGIN
  NEW.occurred_at := clock_timestamp();
  IF NEW.record_table IS NULL THEN
    PERFORM set_config('porton.audit_explicit', 'on', true);
    first_id := nullif(current_setting('porton.audit_first_id', true), '');
    IF first_id IS NOT NULL THEN
      PERFORM set_config('porton.audit_withdrawing', 'on', true);
      DELETE FROM audit_events
       WHERE id >= first_id::bigint AND record_table IS NOT NULL AND tx_id = txid_current();
      PERFORM set_config('porton.audit_withdrawing', '', true);
      PERFORM set_config('porton.audit_first_id', '', true);
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- Append-only, as before; besides the retention prune, the one delete let through is the
-- withdrawal above: rows' events of the deleting transaction itself, not committed yet.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prune_before text := current_setting('porton.audit_prune_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND prune_before IS NOT NULL AND prune_before <> ''
     AND OLD.occurred_at < prune_before::timestamptz THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('porton.audit_withdrawing', true) = 'on'
     AND OLD.record_table IS NOT NULL AND OLD.tx_id = txid_current() THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'La bitácora de auditoría no admite cambios (%).', TG_OP USING ERRCODE = '42501';
END $$;

-- TG_ARGV: [0] the entity of the action (`zone` → `zone.create`); [1] where the community is:
-- 'own' (the row's community_id), 'self' (the row is a community), 'none' (global), or
-- 'parent:<table>:<column>' (the community of the parent row the column names); [2] the columns
-- that name a row, comma-separated ('id' when omitted), to pair an update's old and new rows.
CREATE FUNCTION porton_audit_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
  actor_kind text := current_setting('porton.actor_kind', true);
  where_from text := TG_ARGV[1];
  keys text[] := string_to_array(coalesce(TG_ARGV[2], 'id'), ',');
  parent_table text := split_part(where_from, ':', 2);
  parent_column text := split_part(where_from, ':', 3);
  shown text[];
  secrets text[];
  community_sql text;
  rows_sql text;
  keep_sql text := 'true';
  first_id bigint;
BEGIN
  IF coalesce(actor_kind, '') = '' OR current_setting('porton.audit_explicit', true) = 'on' THEN
    RETURN NULL;
  END IF;
  -- The columns an event may show (neither secret nor bookkeeping), and the secret ones.
  SELECT array_agg(a.attname::text) FILTER (WHERE a.attname !~* '(password|token|secret|hash|code|salt)'
           AND a.attname <> ALL (ARRAY['id', 'uuid', 'community_id', 'search_text', 'created_at', 'updated_at',
                                       'last_seen_at', 'online', 'logo_path', 'version', 'linked_at'])),
         array_agg(a.attname::text) FILTER (WHERE a.attname ~* '(password|token|secret|hash|code|salt)')
    INTO shown, secrets
    FROM pg_attribute a WHERE a.attrelid = TG_RELID AND a.attnum > 0 AND NOT a.attisdropped;
  community_sql := CASE
    WHEN where_from = 'own' THEN '(w.r ->> ''community_id'')::integer'
    WHEN where_from = 'self' THEN '(w.r ->> ''id'')::integer'
    WHEN where_from LIKE 'parent:%' THEN
      format('(SELECT p.community_id FROM %I p WHERE p.id = (w.r ->> %L)::integer)', parent_table, parent_column)
    ELSE 'NULL::integer' END;
  IF TG_OP = 'UPDATE' THEN
    rows_sql := format(
      'SELECT n.r, (SELECT jsonb_object_agg(e.key, jsonb_build_object(''from'', o.r -> e.key, ''to'', e.value))
                      FROM jsonb_each(n.r) e
                     WHERE e.key = ANY ($1) AND e.value IS DISTINCT FROM o.r -> e.key) AS changes,
              EXISTS (SELECT 1 FROM unnest($2::text[]) k WHERE n.r -> k IS DISTINCT FROM o.r -> k) AS secrets
         FROM (SELECT to_jsonb(x) AS r FROM new_rows x) n JOIN (SELECT to_jsonb(x) AS r FROM old_rows x) o ON %s',
      (SELECT string_agg(format('n.r -> %L = o.r -> %L', k, k), ' AND ') FROM unnest(keys) k));
    keep_sql := 'w.changes IS NOT NULL OR w.secrets';
  ELSE
    rows_sql := format(
      'SELECT x.r, (SELECT jsonb_object_agg(e.key, jsonb_build_object(''from'', %s, ''to'', %s))
                      FROM jsonb_each(x.r) e WHERE e.key = ANY ($1) AND e.value <> ''null''::jsonb) AS changes
         FROM (SELECT to_jsonb(t) AS r FROM %s t) x',
      CASE TG_OP WHEN 'INSERT' THEN 'NULL' ELSE 'e.value' END,
      CASE TG_OP WHEN 'INSERT' THEN 'e.value' ELSE 'NULL' END,
      CASE TG_OP WHEN 'INSERT' THEN 'new_rows' ELSE 'old_rows' END);
    -- A child row added with its parent (a new resident's phones) is part of the parent's creation.
    IF TG_OP = 'INSERT' AND where_from LIKE 'parent:%' THEN
      keep_sql := format(
        'NOT EXISTS (SELECT 1 FROM %I p WHERE p.id = (w.r ->> %L)::integer
                        AND p.xmin::text = (txid_current() %% 4294967296)::text)', parent_table, parent_column);
    END IF;
  END IF;
  EXECUTE format(
    'WITH w AS (%s), written AS (
       INSERT INTO audit_events (actor_kind, actor_user_id, actor_device_id, actor_label, community_id, action,
                                 record_uuid, address, changes, record_table, record_id)
       SELECT $3, $4, $5, $6, %s, $7, (w.r ->> ''uuid'')::uuid, $8, w.changes, $9, (w.r ->> ''id'')::bigint
         FROM w WHERE %s
       RETURNING id)
     SELECT min(id) FROM written',
    rows_sql, community_sql, keep_sql)
  INTO first_id
  USING coalesce(shown, '{}'), coalesce(secrets, '{}'), actor_kind,
        nullif(current_setting('porton.actor_user_id', true), '')::integer,
        nullif(current_setting('porton.actor_device_id', true), '')::integer,
        nullif(current_setting('porton.actor_label', true), ''),
        TG_ARGV[0] || '.' || CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
        nullif(current_setting('porton.actor_address', true), ''),
        TG_TABLE_NAME;
  IF first_id IS NOT NULL AND coalesce(current_setting('porton.audit_first_id', true), '') = '' THEN
    PERFORM set_config('porton.audit_first_id', first_id::text, true);
  END IF;
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION porton_audit_rows() FROM PUBLIC;

-- Three triggers per recorded table (a trigger with transition tables has one event).
DO $$
DECLARE
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    -- a community's rows
    ['zones', 'zone', 'own', 'id'],
    ['streets', 'street', 'own', 'id'],
    ['common_areas', 'commonArea', 'own', 'id'],
    ['gates', 'gate', 'own', 'id'],
    ['provider_types', 'providerType', 'own', 'id'],
    ['residents', 'resident', 'own', 'id'],
    ['resident_phones', 'residentPhone', 'parent:residents:resident_id', 'id'],
    ['resident_codes', 'residentCode', 'parent:residents:resident_id', 'id'],
    ['administrative_residents', 'administrativeResident', 'own', 'id'],
    ['user_communities', 'membership', 'own', 'user_id,community_id'],
    ['visits', 'visit', 'own', 'id'],
    ['common_area_visits', 'commonAreaVisit', 'own', 'id'],
    ['devices', 'device', 'own', 'id'],
    ['device_parents', 'deviceParent', 'own', 'device_id,parent_id'],
    ['device_link_codes', 'deviceLinkCode', 'parent:devices:device_id', 'id'],
    ['content_posts', 'content', 'own', 'id'],
    ['notice_zones', 'noticeAudience', 'parent:content_posts:post_id', 'post_id,zone_id'],
    ['notice_streets', 'noticeAudience', 'parent:content_posts:post_id', 'post_id,street_id'],
    ['notice_residents', 'noticeAudience', 'parent:content_posts:post_id', 'post_id,resident_id'],
    ['massive_events', 'massiveEvent', 'own', 'id'],
    ['massive_event_guests', 'massiveEventGuest', 'parent:massive_events:massive_event_id', 'id'],
    ['contractors', 'contractor', 'own', 'id'],
    ['constructions', 'construction', 'own', 'id'],
    ['construction_workers', 'worker', 'own', 'id'],
    -- communities, integrators and accounts
    ['communities', 'community', 'self', 'id'],
    ['integrators', 'integrator', 'none', 'id'],
    ['users', 'user', 'none', 'id'],
    -- the global catalogues
    ['colors', 'color', 'none', 'id'],
    ['car_brands', 'carBrand', 'none', 'id'],
    ['user_types', 'userType', 'none', 'id'],
    ['addresses', 'address', 'none', 'id']
  ] LOOP
    EXECUTE format('CREATE TRIGGER porton_audit_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION porton_audit_rows(%L, %L, %L)', t[1], t[2], t[3], t[4]);
    EXECUTE format('CREATE TRIGGER porton_audit_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION porton_audit_rows(%L, %L, %L)', t[1], t[2], t[3], t[4]);
    EXECUTE format('CREATE TRIGGER porton_audit_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION porton_audit_rows(%L, %L, %L)', t[1], t[2], t[3], t[4]);
  END LOOP;
END $$;
