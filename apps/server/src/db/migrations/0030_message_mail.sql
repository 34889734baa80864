CREATE TABLE "mail_preferences" (
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"receive" boolean DEFAULT true NOT NULL,
	"lang" varchar(5),
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "mail_preferences_lang_ck" CHECK ("mail_preferences"."lang" is null or "mail_preferences"."lang" in ('en', 'zh'))
);
--> statement-breakpoint
CREATE TABLE "message_mails" (
	"organization_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"address" varchar(254),
	"error" varchar(500),
	"attempts" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_mails_organization_id_message_id_user_id_pk" PRIMARY KEY("organization_id","message_id","user_id"),
	CONSTRAINT "message_mails_status_ck" CHECK ("message_mails"."status" in (1, 2, 3, 4, 5, 6))
);
--> statement-breakpoint
CREATE TABLE "mail_settings" (
	"organization_id" bigint PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"host" varchar(253),
	"port" integer DEFAULT 587 NOT NULL,
	"security" smallint DEFAULT 2 NOT NULL,
	"user_name" varchar(254),
	"password" text,
	"from_address" varchar(254),
	"from_name" varchar(100),
	"lang" varchar(5) DEFAULT 'zh' NOT NULL,
	"time_zone" varchar(64) DEFAULT 'Asia/Shanghai' NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_settings_security_ck" CHECK ("mail_settings"."security" in (1, 2, 3)),
	CONSTRAINT "mail_settings_port_ck" CHECK ("mail_settings"."port" between 1 and 65535),
	CONSTRAINT "mail_settings_lang_ck" CHECK ("mail_settings"."lang" in ('en', 'zh')),
	CONSTRAINT "mail_settings_on_ck" CHECK (not "mail_settings"."enabled" or ("mail_settings"."host" is not null and "mail_settings"."from_address" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mails" ADD CONSTRAINT "message_mails_organization_id_message_id_messages_organization_id_id_fk" FOREIGN KEY ("organization_id","message_id") REFERENCES "public"."messages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_mails" ADD CONSTRAINT "message_mails_organization_id_user_id_users_organization_id_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."users"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;