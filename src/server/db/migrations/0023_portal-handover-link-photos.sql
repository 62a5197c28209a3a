CREATE TABLE "handover_link_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"digest" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handover_link_photos" ADD CONSTRAINT "handover_link_photos_link_id_handover_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."handover_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_link_photos_link_idx" ON "handover_link_photos" USING btree ("link_id");