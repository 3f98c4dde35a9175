// The whole data model of DESIGN.md, so later features add behaviour rather than tables.
import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time, flag, flagDefault } = columnTypes(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('display_name', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('profile_image_key', 'text')
    // family_id and default_timeline_id are kept consistent by the services: a foreign key
    // would make users and families (or timelines) refer to each other in a cycle.
    .addColumn('family_id', 'text')
    .addColumn('default_timeline_id', 'text')
    .addColumn('reminder_time', 'text', (c) => c.notNull().defaultTo('18:00'))
    .addColumn('notifications_enabled', flag, (c) => c.notNull().defaultTo(flagDefault(true)))
    .addColumn('new_memory_notifications_enabled', flag, (c) => c.notNull().defaultTo(flagDefault(true)))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_family_idx').on('users').column('family_id').execute();

  await db.schema
    .createTable('identities')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('identities_pk', ['issuer', 'subject'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['key', 'failed_at']).execute();

  await db.schema
    .createTable('families')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('family_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull().references('families.id').onDelete('cascade'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('timelines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('is_default', flag, (c) => c.notNull().defaultTo(flagDefault(false)))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('timeline_members')
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('timeline_members_pk', ['timeline_id', 'user_id'])
    .execute();
  await db.schema.createIndex('timeline_members_user_idx').on('timeline_members').column('user_id').execute();

  await db.schema
    .createTable('timeline_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('timeline_invites_timeline_idx').on('timeline_invites').column('timeline_id').execute();

  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transcription', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memories_user_created_idx').on('memories').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('memory_timelines')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('memory_timelines_pk', ['memory_id', 'timeline_id'])
    .execute();
  await db.schema.createIndex('memory_timelines_timeline_idx').on('memory_timelines').column('timeline_id').execute();

  await db.schema
    .createTable('memory_shares')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('memory_shares_pk', ['memory_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memory_shares_user_idx').on('memory_shares').column('user_id').execute();

  await db.schema
    .createTable('memory_tags')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_tags_pk', ['memory_id', 'tag'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.references('memories.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration', 'real')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_memory_idx').on('media').column('memory_id').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('attached_at', time)
    .execute();

  await db.schema
    .createTable('follow_up_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_up_responses_memory_idx').on('follow_up_responses').column('memory_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text')
    .addColumn('transcription', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_memory_idx').on('comments').columns(['memory_id', 'created_at']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_read', flag, (c) => c.notNull().defaultTo(flagDefault(false)))
    .addColumn('related_memory_id', 'text', (c) => c.references('memories.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'is_read']).execute();

  await db.schema
    .createTable('daily_prompts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('timeline_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('looking_back', 'text', (c) => c.notNull())
    .addColumn('looking_forward', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_prompts_pk', ['user_id', 'timeline_id', 'day'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
