CREATE SEQUENCE "public"."wallet_pass_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "wallet_devices" (
	"device_library_id" text NOT NULL,
	"registration_id" integer NOT NULL,
	"push_token" text NOT NULL,
	"pass_version" bigint DEFAULT nextval('wallet_pass_version') NOT NULL,
	"pass_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"push_due" boolean DEFAULT false NOT NULL,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_devices_device_library_id_registration_id_pk" PRIMARY KEY("device_library_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_devices" ADD CONSTRAINT "wallet_devices_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_devices_registration" ON "wallet_devices" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "wallet_devices_push_due" ON "wallet_devices" USING btree ("push_token") WHERE "wallet_devices"."push_due";--> statement-breakpoint
-- A pass changes when what it shows changes: each of these marks the passes concerned changed
-- (a new version, now, a push due) on the devices that hold them, in the same transaction as the change.
CREATE FUNCTION wallet_passes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'registrations' THEN
    UPDATE wallet_devices SET pass_version = nextval('wallet_pass_version'), pass_changed_at = now(), push_due = true
      WHERE registration_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    UPDATE wallet_devices SET pass_version = nextval('wallet_pass_version'), pass_changed_at = now(), push_due = true
      WHERE registration_id IN (SELECT id FROM registrations WHERE user_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'gates' THEN
    UPDATE wallet_devices SET pass_version = nextval('wallet_pass_version'), pass_changed_at = now(), push_due = true
      WHERE registration_id IN (SELECT id FROM registrations WHERE gate_id = NEW.id);
  ELSE
    -- The edition, the venue: every pass.
    UPDATE wallet_devices SET pass_version = nextval('wallet_pass_version'), pass_changed_at = now(), push_due = true;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_registration_changed AFTER UPDATE OF type, booth, gate_id, revoked_at, event_id ON registrations
  FOR EACH ROW WHEN ((OLD.type, OLD.booth, OLD.gate_id, OLD.revoked_at, OLD.event_id)
    IS DISTINCT FROM (NEW.type, NEW.booth, NEW.gate_id, NEW.revoked_at, NEW.event_id))
  EXECUTE FUNCTION wallet_passes_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_holder_changed AFTER UPDATE OF name, company, deleted_at ON users
  FOR EACH ROW WHEN ((OLD.name, OLD.company, OLD.deleted_at) IS DISTINCT FROM (NEW.name, NEW.company, NEW.deleted_at))
  EXECUTE FUNCTION wallet_passes_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_hall_renamed AFTER UPDATE OF name ON gates
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION wallet_passes_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_edition_changed AFTER UPDATE OF edition, starts_on, ends_on, city, current ON events
  FOR EACH ROW WHEN ((OLD.edition, OLD.starts_on, OLD.ends_on, OLD.city, OLD.current)
    IS DISTINCT FROM (NEW.edition, NEW.starts_on, NEW.ends_on, NEW.city, NEW.current))
  EXECUTE FUNCTION wallet_passes_changed();
--> statement-breakpoint
-- Hours are written day by day (inserted, moved, deleted), so per statement: one mark for a whole
-- save, and none for a statement that wrote nothing (the seed's insert … on conflict do nothing at
-- every start) or wrote the same hours again.
CREATE FUNCTION wallet_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_hours) THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_hours) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (
    SELECT event_id, day, opens_at, closes_at FROM new_hours
    EXCEPT SELECT event_id, day, opens_at, closes_at FROM old_hours
  ) THEN
    RETURN NULL;
  END IF;
  UPDATE wallet_devices SET pass_version = nextval('wallet_pass_version'), pass_changed_at = now(), push_due = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_hours_added AFTER INSERT ON opening_hours REFERENCING NEW TABLE AS new_hours
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_hours_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_hours_moved AFTER UPDATE ON opening_hours REFERENCING OLD TABLE AS old_hours NEW TABLE AS new_hours
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_hours_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_hours_removed AFTER DELETE ON opening_hours REFERENCING OLD TABLE AS old_hours
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_hours_changed();
--> statement-breakpoint
CREATE TRIGGER wallet_venue_changed AFTER UPDATE OF venue_name, venue_address, map_url ON site_settings
  FOR EACH ROW WHEN ((OLD.venue_name, OLD.venue_address, OLD.map_url) IS DISTINCT FROM (NEW.venue_name, NEW.venue_address, NEW.map_url))
  EXECUTE FUNCTION wallet_passes_changed();
