CREATE TABLE "blob_uploads" (
	"digest" text PRIMARY KEY NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "blob_uploads_uploaded_idx" ON "blob_uploads" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "attachments_sha256_idx" ON "attachments" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "attachments_legacy_content_idx" ON "attachments" USING btree ("id") WHERE "attachments"."content" is not null;