import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 (token exchange): API keys are cached per process
 * (`identity/cached-api-keys.ts`), so every change of `api_keys` is
 * announced on `kiosk_config_changed` when it commits, in region `api-keys`
 * with the key `<vendor_id>\u001f<client_id>`, whoever writes it: the
 * service announces its own writes too (this process must forget at once),
 * and this trigger also covers an operator who revokes a leaked key with
 * `psql`.
 */
export class ApiKeysAnnounce1766800000000 implements MigrationInterface {
  name = 'ApiKeysAnnounce1766800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION kiosk_announce_api_key_change() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('kiosk_config_changed', 'api-keys' || chr(30) || OLD.vendor_id || chr(31) || OLD.client_id);
        ELSE
          PERFORM pg_notify('kiosk_config_changed', 'api-keys' || chr(30) || NEW.vendor_id || chr(31) || NEW.client_id);
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER api_keys_announce AFTER INSERT OR UPDATE OR DELETE ON api_keys
       FOR EACH ROW EXECUTE FUNCTION kiosk_announce_api_key_change()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS api_keys_announce ON api_keys`);
    await db.query(`DROP FUNCTION IF EXISTS kiosk_announce_api_key_change()`);
  }
}
