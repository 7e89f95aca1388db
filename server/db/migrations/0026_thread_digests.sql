CREATE TABLE "thread_digest_items" (
	"user_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone,
	CONSTRAINT "thread_digest_items_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "thread_digest_items" ADD CONSTRAINT "thread_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_digest_items" ADD CONSTRAINT "thread_digest_items_message_id_thread_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."thread_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_digest_items_message_idx" ON "thread_digest_items" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "thread_digest_items_pending_idx" ON "thread_digest_items" USING btree ("user_id") WHERE "thread_digest_items"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "threads_supplier_created_idx" ON "threads" USING btree ("supplier_id","created_at");
