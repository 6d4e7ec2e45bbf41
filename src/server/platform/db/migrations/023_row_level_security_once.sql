-- The community policies decide once per statement, not once per row. The old policy called
-- porton_community_visible(community_id) on every row it looked at: a SQL function with a
-- subquery is not inlined, so each row paid for reading the settings, splitting the list and
-- asking for the integrator's communities (about 13 µs a row on the embedded database: a count of
-- 20,000 residents took 257 ms instead of 15). Now the policy compares the row's community with
-- two values that uncorrelated subqueries compute once per statement (init plans): whether the
-- transaction sees every community, and the array of those it sees. Same rows, same settings.

CREATE FUNCTION porton_sees_all_communities() RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.all_communities', true) = 'on', false)
$$;

CREATE FUNCTION porton_visible_communities() RETURNS integer[]
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ARRAY(
    SELECT unnest(string_to_array(nullif(current_setting('app.community_ids', true), ''), ',')::integer[])
    UNION
    SELECT c.id FROM communities c JOIN integrators i ON i.id = c.integrator_id
     WHERE i.user_id = nullif(current_setting('app.integrator_user', true), '')::integer)
$$;

DO $$
DECLARE
  t text;
  visible text := '(SELECT porton_sees_all_communities()) OR community_id = ANY ((SELECT porton_visible_communities())::integer[])';
BEGIN
  FOREACH t IN ARRAY ARRAY['zones', 'streets', 'common_areas', 'gates', 'provider_types',
    'residents', 'administrative_residents', 'user_communities', 'visits', 'visit_totals',
    'common_area_visits', 'devices', 'device_parents', 'content_posts', 'massive_events',
    'contractors', 'constructions', 'construction_workers', 'gate_sync_records']
  LOOP
    EXECUTE format('DROP POLICY community_rows ON %I', t);
    EXECUTE format('CREATE POLICY community_rows ON %I TO porton_app USING (%s) WITH CHECK (%s)', t, visible, visible);
  END LOOP;
END $$;

DROP FUNCTION porton_community_visible(integer);

-- Whether each of these (lower-case) emails is taken by a live resident of any community or by an
-- account that is not a resident's: an email identifies one person across the portal (the unique
-- index on residents is global), but row-level security shows the caller only its own community's
-- residents. Answers the taken emails and nothing else about their rows. SECURITY DEFINER: it runs
-- as the owner, so the lower-case email indexes serve it (under a policy the planner may not use an
-- index on lower(), a function that is not leakproof, before the policy's check).
CREATE FUNCTION porton_taken_emails(emails text[]) RETURNS SETOF text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT lower(email) FROM residents WHERE deleted_at IS NULL AND email IS NOT NULL AND lower(email) = ANY (emails)
  UNION
  SELECT lower(email) FROM users WHERE deleted_at IS NULL AND user_type_id <> 3 AND lower(email) = ANY (emails)
$$;
REVOKE ALL ON FUNCTION porton_taken_emails(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION porton_taken_emails(text[]) TO porton_app;

-- Refreshes the planner's statistics of one of the app's tables. Only a table's owner may ANALYZE
-- it, and the embedded database has no autovacuum to do it: after a bulk write (the residents'
-- import) the planner would go on believing the table small and scan it whole where an index
-- serves. SECURITY DEFINER, for the app's tables only.
CREATE FUNCTION porton_analyze(table_name text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = table_name) THEN
    RAISE EXCEPTION 'unknown table %', table_name;
  END IF;
  EXECUTE format('ANALYZE public.%I', table_name);
END $$;
REVOKE ALL ON FUNCTION porton_analyze(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION porton_analyze(text) TO porton_app;
