-- The ceiling of stamp issuing: the statements the app sends for one stamp issued by vendor staff
-- from a customer's My QR code (POST /api/vendor/stamps → issueStampFromCustomerCode → stampCard),
-- in the same order and the same number of round trips, without the app around them, then what
-- the job runner sends for the stamp's e-mail after it (decision 052). Run with -M extended
-- (parameters bound, as node-postgres does).
--
-- Each client walks its own slice of bench_stamp_customers, so every customer gets at most one
-- stamp per run, as in the app's run. Refusals the app would answer (completed card, stamp too
-- soon) roll back, so the data stays what the app itself would have written.
--
-- Variables (-D): card, vendor, staff, staff_email, customers, per_client, offset, i=0.
-- Keep it in step with src/server/modules/stamps/stamp-card.ts. pgbench replaces ":name" even
-- inside quotes, so no string literal here may contain a colon followed by a letter.

\set i :i + 1
\set k (:client_id * :per_client + :offset + :i) % :customers + 1
\set code random(1, 999999999999999)

BEGIN;
-- loadStampContext: card, vendor and plan, the customer, and whether they belong to the vendor.
-- (The app has the customer's id from the signed code; the bench's list gives it here, in the same statement.)
select c.id, c.vendor_id, c.name as card_name, c.status, c.stamps_required, c.reward_title, c.reward_description, c.reward_value,
       c.min_stamp_interval_minutes, v.business_name, v.status as vendor_status, v.closed_at, v.subscription_plan, v.subscription_status,
       u.id as customer_id, u.email as customer_email, u.name as customer_name,
       exists (select 1 from vendor_members m where m.user_id = u.id and m.vendor_id = c.vendor_id) as customer_is_member
  from loyalty_cards c
  inner join vendors v on v.id = c.vendor_id
  left join users u on u.id = (select b.user_id from bench_stamp_customers b where b.n = :k)
 where c.id = :card limit 1 \gset
-- consumeCodeAndJoin: the code consumed once per customer and card, and the card joined if needed
with consumed as (
  insert into consumed_codes (code_id, user_id, consumed_at)
  values ('customer:' || 'pgbench' || :code::text || ':' || :card::text, :customer_id, now())
  on conflict do nothing returning code_id
), joined as (
  insert into user_cards (id, user_id, card_id, stamps_collected, status, started_at, completed_at, last_stamp_at, is_sample, created_at)
  values (default, :customer_id, :card, default, default, now(), default, default, default, default) on conflict do nothing
)
select (select count(*) from consumed)::int as consumed;
-- the customer's card, locked (the app makes the new ids in JavaScript; here they come with this row)
select id as user_card_id, user_id, card_id, stamps_collected as collected, status, started_at, completed_at, last_stamp_at,
       is_sample, created_at, gen_random_uuid() as stamp_id, gen_random_uuid() as reward_id,
       (status = 'completed' or (last_stamp_at is not null and last_stamp_at > now() - make_interval(mins => :min_stamp_interval_minutes)))::int as refused
  from user_cards where user_id = :customer_id and card_id = :card for update \gset
\if :refused
ROLLBACK;
\else
-- (an unlimited plan takes no lock and counts nothing in checkMonthlyStampLimitOfVendor)
-- the stamp, the card's count, the audit row, the reward when it completes, and the live event: one statement
\if :collected + 1 >= :stamps_required
with write_0 as (
  insert into stamps (id, user_card_id, vendor_id, card_id, user_id, qr_code, issued_at, created_at, created_by)
  values (:stamp_id, :user_card_id, :vendor, :card, :customer_id, 'pgbench:' || :code::text, now(), now(), :staff)
), write_1 as (
  update user_cards set stamps_collected = :collected + 1, last_stamp_at = now(), status = 'completed', completed_at = now()
   where id = :user_card_id
), write_2 as (
  insert into audit_log (id, actor_user_id, actor_email, action, target_type, target_id, vendor_id, metadata, created_at)
  values (default, :staff, :staff_email, 'stamp.issue', 'user_card', :user_card_id, :vendor,
          jsonb_build_object('stampId', :stamp_id::text, 'cardId', :card::text, 'customerUserId', :customer_id::text,
                             'stampsCollected', :collected + 1, 'qrCode', 'pgbench:' || :code::text, 'rewardId', :reward_id::text), default)
), write_3 as (
  insert into rewards (id, user_id, vendor_id, card_id, user_card_id, reward_title, reward_description, reward_value, status,
                       earned_at, redeemed_at, redeemed_by, created_at)
  values (:reward_id, :customer_id, :vendor, :card, :user_card_id, :reward_title, :reward_description, :reward_value, 'earned',
          now(), default, default, now())
), write_4 as (
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  values ('stamp.email', jsonb_build_object('customerUserId', :customer_id::text, 'to', :customer_email::text,
          'name', :customer_name::text, 'vendorName', :business_name::text, 'cardName', :card_name::text,
          'stampsCollected', :collected + 1, 'stampsRequired', :stamps_required::int, 'rewardTitle', :reward_title::text,
          'reward', jsonb_build_object('id', :reward_id::text, 'rewardTitle', :reward_title::text, 'rewardValue', :reward_value::int)),
          now(), 'stamp-email:' || :stamp_id::text, 6)
  on conflict (unique_key) do nothing
), write_5 as (
  -- the push, only for a customer with a browser to reach; the welcome automation, only when the vendor has it on
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  select 'push.send', jsonb_build_object('userId', :customer_id::text), now(), 'push:' || 'reward:' || :reward_id::text, 4
   where exists (select 1 from push_subscriptions where user_id = :customer_id)
  on conflict (unique_key) do nothing
), write_6 as (
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  select 'automations.event', jsonb_build_object('kind', 'welcome', 'userId', :customer_id::text), now(),
         'automations.event:' || 'welcome:' || :user_card_id::text, 6
   where exists (select 1 from vendor_automations where vendor_id = :vendor and kind = 'welcome' and enabled)
  on conflict (unique_key) do nothing
)
select pg_notify('chaska_live', json_build_object('userId', :customer_id::text, 'event', json_build_object(
  'type', 'stamp.collected', 'userCardId', :user_card_id::text, 'cardId', :card::text, 'cardName', :card_name::text,
  'vendorName', :business_name::text, 'stampsCollected', :collected + 1, 'stampsRequired', :stamps_required::int,
  'rewardId', :reward_id::text))::text);
\else
with write_0 as (
  insert into stamps (id, user_card_id, vendor_id, card_id, user_id, qr_code, issued_at, created_at, created_by)
  values (:stamp_id, :user_card_id, :vendor, :card, :customer_id, 'pgbench:' || :code::text, now(), now(), :staff)
), write_1 as (
  update user_cards set stamps_collected = :collected + 1, last_stamp_at = now() where id = :user_card_id
), write_2 as (
  insert into audit_log (id, actor_user_id, actor_email, action, target_type, target_id, vendor_id, metadata, created_at)
  values (default, :staff, :staff_email, 'stamp.issue', 'user_card', :user_card_id, :vendor,
          jsonb_build_object('stampId', :stamp_id::text, 'cardId', :card::text, 'customerUserId', :customer_id::text,
                             'stampsCollected', :collected + 1, 'qrCode', 'pgbench:' || :code::text), default)
), write_3 as (
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  values ('stamp.email', jsonb_build_object('customerUserId', :customer_id::text, 'to', :customer_email::text,
          'name', :customer_name::text, 'vendorName', :business_name::text, 'cardName', :card_name::text,
          'stampsCollected', :collected + 1, 'stampsRequired', :stamps_required::int, 'rewardTitle', :reward_title::text,
          'reward', null), now(), 'stamp-email:' || :stamp_id::text, 6)
  on conflict (unique_key) do nothing
), write_4 as (
  -- the push, only for a customer with a browser to reach; the welcome automation, only when the vendor has it on
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  select 'push.send', jsonb_build_object('userId', :customer_id::text), now(), 'push:' || 'stamp:' || :stamp_id::text, 4
   where exists (select 1 from push_subscriptions where user_id = :customer_id)
  on conflict (unique_key) do nothing
), write_5 as (
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  select 'automations.event', jsonb_build_object('kind', 'welcome', 'userId', :customer_id::text), now(),
         'automations.event:' || 'welcome:' || :user_card_id::text, 6
   where exists (select 1 from vendor_automations where vendor_id = :vendor and kind = 'welcome' and enabled)
  on conflict (unique_key) do nothing
)
select pg_notify('chaska_live', json_build_object('userId', :customer_id::text, 'event', json_build_object(
  'type', 'stamp.collected', 'userCardId', :user_card_id::text, 'cardId', :card::text, 'cardName', :card_name::text,
  'vendorName', :business_name::text, 'stampsCollected', :collected + 1, 'stampsRequired', :stamps_required::int,
  'rewardId', null))::text);
\endif
COMMIT;
-- After the answer, the job runner: many stamps' e-mail jobs are claimed, put in the outbox and
-- marked done together (stamp-email-job.ts), then their send jobs are claimed, marked sending,
-- delivered (the outbox transport, no statement), marked sent and logged, and marked done, again
-- together (email-service.ts runMany): about eighteen statements for up to twenty stamps. pgbench
-- cannot batch across clients, so each stamp writes the same rows here in four statements: the
-- preferences, the message with its log line and send job, sending, then sent with its log line
-- and its job done.
select (stamp_notifications and not unsubscribed and frequency = 'immediate')::int as send_now,
       (stamp_notifications and not unsubscribed and frequency in ('daily', 'weekly'))::int as send_later
  from email_preferences where user_id = :customer_id limit 1 \gset
\if :send_now
with message as (
  insert into email_messages (id, user_id, to_email, subject, html, text, headers, email_type, status, attempts, next_attempt_at)
  select gen_random_uuid(), :customer_id, :customer_email, e.subject, e.html, e.body_text, e.headers, 'stamp', 'queued', 0, now()
    from bench_stamp_email e where e.id = 1
  returning id, subject
), logged as (
  insert into email_logs (recipient_email, subject, email_type, status, message_id)
  select :customer_email, subject, 'stamp', 'queued', id from message
), job as (
  insert into jobs (name, payload, run_at, unique_key, max_attempts)
  select 'email.send', jsonb_build_object('messageId', id), now(), 'email:' || id, 6 from message
  returning id
)
select (select id from message) as message_id, (select subject from message) as message_subject,
       (select id from job) as job_id \gset
update email_messages set status = 'sending', attempts = 1 where id = :message_id and status in ('queued', 'sending')
  returning id, user_id, to_email, subject, html, text, headers, email_type, status, digest, attempts,
            next_attempt_at, last_error, transport, sent_at, created_at;
with sent as (
  update email_messages set status = 'sent', sent_at = now(), transport = 'outbox', last_error = null where id = :message_id
), logged as (
  insert into email_logs (recipient_email, subject, email_type, status, message_id)
  values (:customer_email, :message_subject, 'stamp', 'sent', :message_id)
)
update jobs set status = 'done', locked_until = null, last_error = null, finished_at = now()
  where id = :job_id and status = 'pending';
\elif :send_later
insert into email_messages (id, user_id, to_email, subject, html, text, headers, email_type, status, digest, attempts, next_attempt_at)
  select gen_random_uuid(), :customer_id, :customer_email, e.subject, e.html, e.body_text, e.headers, 'stamp', 'queued',
         'daily', 0, now() + interval '1 day'
    from bench_stamp_email e where e.id = 1
  returning id as message_id, subject \gset message_
insert into email_logs (id, recipient_email, subject, email_type, sent_at, status, error, message_id)
  values (default, :customer_email, :message_subject, 'stamp', default, 'queued', null, :message_message_id);
\else
insert into email_logs (recipient_email, subject, email_type, status)
  select :customer_email, e.subject, 'stamp', 'skipped' from bench_stamp_email e where e.id = 1;
\endif
\endif
