-- The session cache keeps resolved tokens in memory, so everything a cached answer
-- holds must announce its change on 'porton_auth' (migration 014), from the changing transaction:
-- 'c:<session id>' a session's active community changed (setUpdateFrac), 'd:<device id>' a device's
-- token revoked (unlink, a new link) or the device changed (status, deletion, what its context holds),
-- and 'u:<user id>' now also when the account's email changes (the cached context carries it).
-- Presence updates (last_seen_at, online) stay silent: heartbeats must not empty the cache.
CREATE FUNCTION notify_auth_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN PERFORM pg_notify('porton_auth', 'c:' || r.id);
  ELSIF TG_TABLE_NAME = 'devices' THEN PERFORM pg_notify('porton_auth', 'd:' || r.id);
  ELSIF TG_TABLE_NAME = 'device_tokens' THEN PERFORM pg_notify('porton_auth', 'd:' || r.device_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_community_change AFTER UPDATE OF community_id ON sessions
  FOR EACH ROW WHEN (NEW.community_id IS DISTINCT FROM OLD.community_id) EXECUTE FUNCTION notify_auth_cache_change();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION notify_auth_cache_change();
CREATE TRIGGER devices_auth_change AFTER UPDATE OF name, device_type, scanner_access, status, deleted_at, community_id OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION notify_auth_cache_change();
CREATE TRIGGER device_tokens_auth_change AFTER UPDATE OF revoked_at OR DELETE ON device_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_auth_cache_change();

DROP TRIGGER users_auth_change ON users;
CREATE TRIGGER users_auth_change AFTER UPDATE OF status, deleted_at, password_hash, user_type_id, email OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
