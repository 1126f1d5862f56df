ALTER TABLE "documents" ADD COLUMN "error_retryable" boolean;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "abandons" integer DEFAULT 0 NOT NULL;