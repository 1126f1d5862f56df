CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_financial_year_test_mode_pk" PRIMARY KEY("kind","financial_year","test_mode")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"tax_invoice" boolean NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document_id" integer,
	"user_id" integer,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"invoice_id" integer,
	"refund_id" integer,
	"pages" integer,
	"supplier" jsonb NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_gstin" text,
	"customer_state_code" text,
	"place_of_supply" text,
	"rate_bp" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"test_mode" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_gstin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_state_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_idx" ON "invoices" USING btree ("kind","financial_year","test_mode","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_idx" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_document_idx" ON "invoices" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");