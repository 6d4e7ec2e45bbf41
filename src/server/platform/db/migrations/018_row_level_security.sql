-- Tenancy as a second wall. The application acts as the role porton_app (no
-- BYPASSRLS, no ownership), which sees a community table's rows only for the communities its
-- transaction names: set_config('app.community_ids', '<id>[,<id>…]', true), those an integrator owns
-- (set_config('app.integrator_user', '<its account id>', true): a community it creates in the
-- transaction too), or every community with
-- set_config('app.all_communities', 'on', true) (the platform's own work and the explicit,
-- logged path of the general administrator). With neither, it sees none. Migrations run as the
-- owner, which row-level security does not restrict (it is not FORCEd).

-- The role: made here when the migrating role may (a superuser, CREATEROLE); otherwise the operator
-- makes it first (README "Database roles"). The owner must be a member, to SET ROLE to it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'porton_app') THEN
    BEGIN
      CREATE ROLE porton_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
    EXCEPTION
      WHEN duplicate_object OR unique_violation THEN NULL; -- a twin migration made it meanwhile
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION 'Falta el rol porton_app y % no puede crearlo. Créalo como administrador del servidor: CREATE ROLE porton_app NOLOGIN; GRANT porton_app TO %;', current_user, current_user;
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'porton_app' AND (rolsuper OR rolbypassrls)) THEN
    RAISE EXCEPTION 'El rol porton_app no debe ser superusuario ni tener BYPASSRLS: la seguridad por filas no lo contendría.';
  END IF;
  IF NOT pg_has_role(current_user, 'porton_app', 'MEMBER') THEN
    EXECUTE format('GRANT porton_app TO %I', current_user);
  END IF;
END $$;

GRANT USAGE ON SCHEMA public TO porton_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO porton_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO porton_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO porton_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO porton_app;
-- The migrations' own bookkeeping is the owner's.
REVOKE ALL ON schema_migrations FROM porton_app;

-- True when a row of this community may be seen by the transaction (inlined into each policy).
CREATE FUNCTION porton_community_visible(community integer) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT current_setting('app.all_communities', true) = 'on'
      OR community = ANY (string_to_array(nullif(current_setting('app.community_ids', true), ''), ',')::integer[])
      OR community IN (SELECT c.id FROM communities c JOIN integrators i ON i.id = c.integrator_id
                        WHERE i.user_id = nullif(current_setting('app.integrator_user', true), '')::integer)
$$;

-- Every table with a community_id of its own (CommunityTable in src/server/db/community-scope.ts;
-- specs/server/row-level-security.api.spec.ts checks the two lists agree).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['zones', 'streets', 'common_areas', 'gates', 'provider_types',
    'residents', 'administrative_residents', 'user_communities', 'visits', 'visit_totals',
    'common_area_visits', 'devices', 'device_parents', 'content_posts', 'massive_events',
    'contractors', 'constructions', 'construction_workers']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY community_rows ON %I TO porton_app USING (porton_community_visible(community_id)) WITH CHECK (porton_community_visible(community_id))', t);
  END LOOP;
END $$;

-- Rows that belong to a community through their parent: visible when the parent is (the parent's
-- own policy applies inside the subquery). Each entry: table, its parent table, the key to it.
DO $$
DECLARE
  c text[];
BEGIN
  FOREACH c SLICE 1 IN ARRAY ARRAY[
    ['massive_event_guests', 'massive_events', 'massive_event_id'],
    ['resident_phones', 'residents', 'resident_id'],
    ['resident_codes', 'residents', 'resident_id'],
    ['device_tokens', 'devices', 'device_id'],
    ['device_link_codes', 'devices', 'device_id'],
    ['notice_zones', 'content_posts', 'post_id'],
    ['notice_streets', 'content_posts', 'post_id'],
    ['notice_residents', 'content_posts', 'post_id']]
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', c[1]);
    EXECUTE format('CREATE POLICY community_rows ON %I TO porton_app USING (EXISTS (SELECT 1 FROM %I p WHERE p.id = %I)) WITH CHECK (EXISTS (SELECT 1 FROM %I p WHERE p.id = %I))',
      c[1], c[2], c[3], c[2], c[3]);
  END LOOP;
END $$;

-- One fact about an account that spans communities, answered without showing any row: whether it
-- still belongs to a community (a user removed from the caller's community is deleted only when
-- none is left; an integrator may assign an administrator it created only while it belongs to
-- none). SECURITY DEFINER: it runs as the owner, whom row-level security does not restrict.
CREATE FUNCTION porton_account_has_communities(account integer) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM user_communities WHERE user_id = account)
$$;
REVOKE ALL ON FUNCTION porton_account_has_communities(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION porton_account_has_communities(integer) TO porton_app;
