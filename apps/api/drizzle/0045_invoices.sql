CREATE TYPE "public"."invoice_kind" AS ENUM('deposit', 'balance', 'services', 'credit');--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" "invoice_kind" NOT NULL,
	"series" text NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"label" text NOT NULL,
	"credit_of" integer,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"language" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"total_excl_tax" integer NOT NULL,
	"vat" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_series_year_number" UNIQUE("series","year","number")
);
--> statement-breakpoint
ALTER TABLE "sales_offers" ADD COLUMN "seller" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_stand_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stand_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_of_invoices_id_fk" FOREIGN KEY ("credit_of") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_booking" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_issued" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
CREATE FUNCTION "invoices_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an issued invoice is never changed nor deleted: issue a credit note' USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_never_change" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "invoices_never_change"();
