-- A child row deleted with its parent (an event's guests, a notice's audience, a resident's phones,
-- a device's link codes: ON DELETE CASCADE) is recorded with the parent's community. The cascade
-- runs after the parent row is gone, so the child's trigger cannot read the parent's community;
-- a row trigger before each parent's delete leaves it in a transaction-local setting named after
-- the parent row (`porton.gone_<table>_<id>`), which the child's trigger reads when the parent is
-- gone. Like the trail itself, it runs only for a request's actor.
CREATE FUNCTION porton_audit_parent_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('porton.actor_kind', true), '') <> '' THEN
    PERFORM set_config(format('porton.gone_%s_%s', TG_TABLE_NAME, OLD.id), OLD.community_id::text, true);
  END IF;
  RETURN OLD;
END $$;

DO $$
DECLARE
  parent text;
BEGIN
  FOREACH parent IN ARRAY ARRAY['residents', 'devices', 'content_posts', 'massive_events'] LOOP
    EXECUTE format('CREATE TRIGGER porton_audit_parent_gone BEFORE DELETE ON %I '
                   'FOR EACH ROW EXECUTE FUNCTION porton_audit_parent_gone()', parent);
  END LOOP;
END $$;

-- The rows' trigger as before, reading the gone parent's community when the parent row is not there.
CREATE OR REPLACE FUNCTION porton_audit_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
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
      format('coalesce((SELECT p.community_id FROM %I p WHERE p.id = (w.r ->> %L)::integer),
                       nullif(current_setting(%L || (w.r ->> %L), true), '''')::integer)',
             parent_table, parent_column, 'porton.gone_' || parent_table || '_', parent_column)
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
