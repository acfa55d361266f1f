-- The floor plan: each hall an outline, each stand a rectangle in the hall's units.
-- A stand is taken when an exhibitor's booth is its number (case aside): numbers are unique per edition.
CREATE TABLE "stands" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"number" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stands_size" CHECK ("stands"."x" >= 0 and "stands"."y" >= 0 and "stands"."width" > 0 and "stands"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "gates" ADD COLUMN "plan_width" integer;--> statement-breakpoint
ALTER TABLE "gates" ADD COLUMN "plan_height" integer;--> statement-breakpoint
ALTER TABLE "stands" ADD CONSTRAINT "stands_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stands" ADD CONSTRAINT "stands_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stands_event_number" ON "stands" USING btree ("event_id",lower("number"));--> statement-breakpoint
CREATE INDEX "stands_gate" ON "stands" USING btree ("gate_id");