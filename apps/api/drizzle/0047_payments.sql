CREATE TYPE "public"."payment_method" AS ENUM('transfer', 'cheque', 'cash', 'card');--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"received_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"statement_line" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_statement_line_unique" UNIQUE("statement_line"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales_offers" ADD COLUMN "account_on" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_stand_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stand_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking" ON "payments" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "sales_offers" ADD CONSTRAINT "sales_offers_account_on" CHECK ("sales_offers"."account_on" in ('deposit', 'paid'));