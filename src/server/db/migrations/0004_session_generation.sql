ALTER TABLE "accounts" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lockout counters are now kept per account ("account:<id>") or per unknown name ("name:<username>"); counters
-- under the old keys (bare usernames) would never be read again.
DELETE FROM "login_failures";
