CREATE TABLE "job_lanes" (
	"lane" text PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"locked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lane" text;