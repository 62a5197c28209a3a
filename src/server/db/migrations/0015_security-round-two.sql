CREATE TABLE "ended_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD COLUMN "code_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_secrets" ADD COLUMN "code_lock_notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "visitor_hour" text;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD COLUMN "visits" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "document_accesses_visitor_hour_idx" ON "document_accesses" USING btree ("document_id","visitor_hour");