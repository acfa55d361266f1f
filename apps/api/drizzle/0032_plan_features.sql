CREATE TYPE "public"."plan_feature_kind" AS ENUM('entrance', 'aisle', 'reception', 'toilets', 'cafe', 'first-aid', 'forum');--> statement-breakpoint
CREATE TABLE "plan_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"gate_id" integer NOT NULL,
	"kind" "plan_feature_kind" NOT NULL,
	"label" text,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_features_size" CHECK ("plan_features"."x" >= 0 and "plan_features"."y" >= 0 and "plan_features"."width" > 0 and "plan_features"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_features_gate" ON "plan_features" USING btree ("gate_id");