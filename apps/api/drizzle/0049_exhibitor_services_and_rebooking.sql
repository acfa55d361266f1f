CREATE TABLE "exhibitor_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"unit" jsonb NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"order_by" date NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exhibitor_services_amounts" CHECK ("exhibitor_services"."price" >= 0 and ("exhibitor_services"."stock" is null or "exhibitor_services"."stock" >= 0))
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"ordered_by" integer,
	"order_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "service_orders_quantity" CHECK ("service_orders"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales_offers" ADD COLUMN "priority_until" date;--> statement-breakpoint
ALTER TABLE "exhibitor_services" ADD CONSTRAINT "exhibitor_services_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_booking_id_stand_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."stand_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_service_id_exhibitor_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."exhibitor_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitor_services_event_name" ON "exhibitor_services" USING btree ("event_id",("name" ->> 'fr'));--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_key" ON "service_orders" USING btree ("booking_id","order_key","service_id");--> statement-breakpoint
CREATE INDEX "service_orders_service" ON "service_orders" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "service_orders_booking" ON "service_orders" USING btree ("booking_id");