-- The community catalogues' lists are answered from memory (src/server/http/catalogue-cache.ts),
-- so every table a catalogue list reads announces its change on 'porton_auth' (migration 014's channel),
-- from the changing transaction: 'k:<table>:<community id>'. PostgreSQL delivers one notification per
-- distinct payload and transaction, so a list of 50 streets inserted at once is one event. A row moved to
-- another community (never done by the API) announces both. A TRUNCATE announces 'k:<table>' (every
-- community). The auth handlers never see 'k:' (auth-events.ts routes it to the catalogue cache only).
CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  communities integer[] := '{}';
  community integer;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('porton_auth', 'k:' || TG_TABLE_NAME);
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'communities' THEN
    communities := ARRAY[NEW.id];
  ELSE
    IF TG_OP <> 'INSERT' THEN communities := communities || OLD.community_id; END IF;
    IF TG_OP <> 'DELETE' THEN communities := communities || NEW.community_id; END IF;
  END IF;
  FOREACH community IN ARRAY communities LOOP
    PERFORM pg_notify('porton_auth', 'k:' || TG_TABLE_NAME || ':' || community);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER zones_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON zones
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER streets_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON streets
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER common_areas_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON common_areas
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER gates_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON gates
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER provider_types_catalogue_change AFTER INSERT OR UPDATE OR DELETE ON provider_types
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
-- Every item carries its community's uuid and name ("testFrac"). Migration 014's '*' on any community
-- update also clears the cache; this says it in the catalogues' own words, whatever 014 becomes.
CREATE TRIGGER communities_catalogue_change AFTER UPDATE OF uuid, name ON communities
  FOR EACH ROW WHEN (OLD.uuid IS DISTINCT FROM NEW.uuid OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION notify_catalogue_change();

CREATE TRIGGER zones_catalogue_truncate AFTER TRUNCATE ON zones FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER streets_catalogue_truncate AFTER TRUNCATE ON streets FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER common_areas_catalogue_truncate AFTER TRUNCATE ON common_areas FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER gates_catalogue_truncate AFTER TRUNCATE ON gates FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
CREATE TRIGGER provider_types_catalogue_truncate AFTER TRUNCATE ON provider_types FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
