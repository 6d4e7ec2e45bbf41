-- Throttle counters shared by every API process (Redis holds them instead when REDIS_URL is set).
-- A counter counts hits in a fixed window that starts at its first hit; an expired row counts again from 1.
CREATE TABLE throttle_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX throttle_counters_expires ON throttle_counters (expires_at);

-- What ends a session announces itself, from the transaction that does it, on
-- channel 'porton_auth' (delivered at commit to every process that listens, PGlite included):
-- 's:<session id>' a revoked session, 'u:<user id>' a change to the account or its resident
-- records or memberships, '*' an integrator or community change (rare; everyone is checked).
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  payload text;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN payload := 's:' || r.id;
  ELSIF TG_TABLE_NAME = 'users' THEN payload := 'u:' || r.id;
  ELSIF TG_TABLE_NAME IN ('residents', 'user_communities') THEN
    IF r.user_id IS NOT NULL THEN payload := 'u:' || r.user_id; END IF;
  ELSE payload := '*';
  END IF;
  IF payload IS NOT NULL THEN PERFORM pg_notify('porton_auth', payload); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_auth_change AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER users_auth_change AFTER UPDATE OF status, deleted_at, password_hash, user_type_id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER residents_auth_change AFTER UPDATE OF status, deleted_at, useapp, user_id OR DELETE ON residents
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER user_communities_auth_change AFTER INSERT OR DELETE ON user_communities
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER integrators_auth_change AFTER UPDATE OF enabled OR DELETE ON integrators
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER communities_auth_change AFTER UPDATE OR DELETE ON communities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
