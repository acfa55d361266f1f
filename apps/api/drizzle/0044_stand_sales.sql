CREATE TYPE "public"."booking_status" AS ENUM('option', 'signed', 'deposit', 'paid', 'cancelled');--> statement-breakpoint
CREATE TABLE "booking_stands" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"number" text NOT NULL,
	"hall" text NOT NULL,
	"class_name" jsonb NOT NULL,
	"area" integer NOT NULL,
	"corner" boolean NOT NULL,
	"price_per_m2" integer NOT NULL,
	"price" integer NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sale_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"version" integer NOT NULL,
	"media_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_conditions_event_version" UNIQUE("event_id","version")
);
--> statement-breakpoint
CREATE TABLE "sales_offers" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"open" boolean DEFAULT false NOT NULL,
	"vat_rate" integer DEFAULT 2000 NOT NULL,
	"corner_surcharge" integer DEFAULT 0 NOT NULL,
	"minimum_area" integer DEFAULT 9 NOT NULL,
	"deposit_share" integer DEFAULT 5000 NOT NULL,
	"balance_due_on" date,
	"hold_days" smallint DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_offers_rates" CHECK ("sales_offers"."vat_rate" between 0 and 10000 and "sales_offers"."corner_surcharge" between 0 and 10000 and "sales_offers"."deposit_share" between 0 and 10000),
	CONSTRAINT "sales_offers_terms" CHECK ("sales_offers"."minimum_area" >= 1 and "sales_offers"."hold_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "stand_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status" "booking_status" DEFAULT 'option' NOT NULL,
	"end_reason" text,
	"hold_until" timestamp with time zone NOT NULL,
	"company_name" text NOT NULL,
	"ice" text NOT NULL,
	"tax_id" text NOT NULL,
	"trade_register" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_role" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"conditions_id" integer NOT NULL,
	"exhibitor_id" integer,
	"enquiry_id" integer,
	"total_excl_tax" integer NOT NULL,
	"vat" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stand_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "stand_bookings_amounts" CHECK ("stand_bookings"."total_excl_tax" >= 0 and "stand_bookings"."vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stand_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price_per_m2" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stand_classes_price" CHECK ("stand_classes"."price_per_m2" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stands" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "stands" ADD COLUMN "area" integer;--> statement-breakpoint
ALTER TABLE "stands" ADD COLUMN "corner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_stands" ADD CONSTRAINT "booking_stands_booking_id_stand_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stand_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_stands" ADD CONSTRAINT "booking_stands_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_conditions" ADD CONSTRAINT "sale_conditions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_conditions" ADD CONSTRAINT "sale_conditions_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_offers" ADD CONSTRAINT "sales_offers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_bookings" ADD CONSTRAINT "stand_bookings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_bookings" ADD CONSTRAINT "stand_bookings_conditions_id_sale_conditions_id_fk" FOREIGN KEY ("conditions_id") REFERENCES "public"."sale_conditions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_bookings" ADD CONSTRAINT "stand_bookings_exhibitor_id_users_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_bookings" ADD CONSTRAINT "stand_bookings_enquiry_id_demandes_exposants_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."demandes_exposants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stand_classes" ADD CONSTRAINT "stand_classes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_stands_live" ON "booking_stands" USING btree ("event_id",lower("number")) WHERE "booking_stands"."released_at" is null;--> statement-breakpoint
CREATE INDEX "booking_stands_booking" ON "booking_stands" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "stand_bookings_event_status" ON "stand_bookings" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "stand_bookings_hold" ON "stand_bookings" USING btree ("hold_until") WHERE "stand_bookings"."status" = 'option';--> statement-breakpoint
CREATE UNIQUE INDEX "stand_classes_event_name" ON "stand_classes" USING btree ("event_id",("name" ->> 'fr'));--> statement-breakpoint
ALTER TABLE "stands" ADD CONSTRAINT "stands_class_id_stand_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."stand_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stands" ADD CONSTRAINT "stands_area" CHECK ("stands"."area" is null or "stands"."area" > 0);