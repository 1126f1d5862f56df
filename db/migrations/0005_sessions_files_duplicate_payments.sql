CREATE TABLE "duplicate_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"document_id" integer,
	"user_id" integer,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "writing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_payments" ADD CONSTRAINT "duplicate_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_payments_payment_idx" ON "duplicate_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "duplicate_payments_order_idx" ON "duplicate_payments" USING btree ("order_id");