CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"venue_name" text,
	"venue_address" text,
	"map_url" text,
	"general_email" text,
	"general_phone" text,
	"exhibitors_email" text,
	"exhibitors_phone" text,
	"sales_email" text,
	"sales_phone" text,
	"press_email" text,
	"press_phone" text,
	"speakers_email" text,
	"speakers_phone" text,
	"virtual_tour_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
